import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMeterPointClaims } from '../../functions/store/meter-point-store.js';
import { obtainToken } from '../support/auth.js';
import {
  captureConsumerLog,
  deliver,
  type OutcomeEntry,
  type OutcomeKind,
  outcomeEntry,
} from './support/join-supplier-events.js';
import { getStatuses, importAccount, mpxnsOf, sendRegistrationFlows } from './support/meter-points-api.js';

/**
 * Histories of registration requests and join-supplier outcomes, played on the real consumer
 * and DynamoDB Local twice: once in order, each outcome delivered once; once with each round's
 * outcomes shuffled, repeated, delivered several at a time and mixed with redeliveries of any
 * earlier outcome, and a tail of redeliveries of anything at the end. Both must end, round by
 * round, where the documented rule (the model below) says.
 */

/** Property runs; each imports two accounts. */
const RUNS = 12;

interface SymbolicOutcome {
  kind: OutcomeKind;
  /** Which of the account's meter points it lists (indices). */
  points: number[];
  /** Which process it names, among those requested so far (taken modulo their count). */
  process: number;
}

/** A round: send-registration-flows/, then the outcomes the platform sends for what exists. */
type Round = SymbolicOutcome[];

const METER_POINTS = 2; // the test account payload's (one MPAN, one MPRN)

const outcomeArb: fc.Arbitrary<SymbolicOutcome> = fc.record({
  kind: fc.constantFrom<OutcomeKind>('completed', 'cancelled'),
  points: fc.subarray([0, 1], { minLength: 1 }),
  process: fc.nat(4),
});

/** How run B delivers: per round the order (flat outcome indices), a tail, a concurrency. */
interface Schedule {
  rounds: number[][];
  tail: number[];
  concurrency: number;
}

const scenarioArb = fc
  .array(fc.array(outcomeArb, { maxLength: 4 }), { minLength: 1, maxLength: 3 })
  .chain((history) => {
    const starts = history.map((_, r) => history.slice(0, r).reduce((sum, round) => sum + round.length, 0));
    const total = history.reduce((sum, round) => sum + round.length, 0);
    const anyUpTo = (count: number) =>
      count === 0 ? fc.constant([]) : fc.array(fc.nat(count - 1), { maxLength: 3 });
    const rounds = history.map((round, r) => {
      const own = round.map((_, i) => starts[r]! + i);
      return anyUpTo(starts[r]! + round.length).chain((again) => {
        const all = [...own, ...again];
        return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
      });
    });
    const tail = total === 0 ? fc.constant([]) : fc.array(fc.nat(total - 1), { maxLength: 6 });
    const schedule = fc.record({
      rounds: fc.tuple(...rounds),
      tail,
      concurrency: fc.integer({ min: 1, max: 3 }),
    });
    return fc.tuple(fc.constant(history), schedule as fc.Arbitrary<Schedule>);
  });

/** The documented rule, on symbols: what each round leaves, and the process each outcome names. */
function model(history: readonly Round[]) {
  const RANK: Record<string, number> = { REGISTRATION_REQUESTED: 0, REGISTRATION_WITHDRAWN: 1, ON_SUPPLY: 2 };
  const TARGET = { completed: 'ON_SUPPLY', cancelled: 'REGISTRATION_WITHDRAWN' } as const;
  const points = Array.from({ length: METER_POINTS }, () => ({ status: 'PRE_REGISTRATION', process: -1 }));
  let processes = 0;
  const statuses: string[][] = [];
  const named: number[][] = [];
  for (const round of history) {
    const requestable = points.filter(
      (p) => p.status === 'PRE_REGISTRATION' || p.status === 'REGISTRATION_WITHDRAWN',
    );
    if (requestable.length > 0) processes++;
    for (const point of requestable)
      Object.assign(point, { status: 'REGISTRATION_REQUESTED', process: processes - 1 });
    named.push(round.map((outcome) => outcome.process % processes));
    round.forEach((outcome, i) => {
      for (const index of outcome.points) {
        const point = points[index]!;
        const to = TARGET[outcome.kind];
        if (point.process === named.at(-1)![i] && RANK[to]! > RANK[point.status]!) point.status = to;
      }
    });
    statuses.push(points.map((point) => point.status));
  }
  return { statuses, named };
}

/** Plays a history on a fresh account; without a schedule, in order. Returns the statuses after each round. */
async function play(token: string, history: readonly Round[], named: number[][], schedule?: Schedule) {
  const account = await importAccount(token);
  const mpxns = mpxnsOf(account.payload);
  const processNumbers: string[] = [];
  const entries: OutcomeEntry[] = [];
  const after: string[][] = [];
  const deliverAll = async (indices: readonly number[]) => {
    const step = schedule?.concurrency ?? 1;
    for (let at = 0; at < indices.length; at += step) {
      await Promise.all(indices.slice(at, at + step).map((index) => deliver(entries[index]!)));
    }
  };
  for (const [r, round] of history.entries()) {
    const answer = await sendRegistrationFlows(token, account.external);
    const requested = answer.json.meter_points.find(
      (point: { status: string }) => point.status === 'REGISTRATION_FLOW_SUCCESS',
    );
    if (requested) {
      const claims = await getMeterPointClaims([requested.mpxn]);
      processNumbers.push(claims.get(requested.mpxn)!.join_supplier_process_number!);
    }
    const own = round.map((outcome, i) =>
      outcomeEntry({
        kind: outcome.kind,
        accountNumber: account.serviceAccountNumber,
        mpxns: outcome.points.map((index) => mpxns[index]!),
        processNumber: processNumbers[named[r]![i]!]!,
        eventId: randomUUID(),
      }),
    );
    const first = entries.length;
    entries.push(...own);
    await deliverAll(schedule ? schedule.rounds[r]! : own.map((_, i) => first + i));
    after.push(
      (await getStatuses(token, account.external)).json.map((point: { status: string }) => point.status),
    );
  }
  if (schedule) {
    await deliverAll(schedule.tail);
    after.push(
      (await getStatuses(token, account.external)).json.map((point: { status: string }) => point.status),
    );
  }
  return after;
}

let log: ReturnType<typeof captureConsumerLog>;
beforeEach(() => {
  log = captureConsumerLog();
});
afterEach(() => log.restore());

describe('Any order of redelivery of a set of join-supplier outcomes leaves the newest state', () => {
  it(
    'outcomes shuffled, repeated, concurrent and redelivered after newer requests end, round by round, where one in-order delivery ends',
    async () => {
      const token = await obtainToken();
      await fc.assert(
        fc.asyncProperty(scenarioArb, async ([history, schedule]) => {
          // Prepare
          const expected = model(history);

          // Act
          const inOrder = await play(token, history, expected.named);
          const anyOrder = await play(token, history, expected.named, schedule);

          // Assess
          expect(inOrder).toEqual(expected.statuses);
          expect(anyOrder).toEqual([...expected.statuses, expected.statuses.at(-1)]);
        }),
        { numRuns: RUNS },
      );
    },
    RUNS * 10_000,
  );
});

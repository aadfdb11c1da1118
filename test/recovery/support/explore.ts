import type { CallLabel, CallMoment } from './call-hooks.js';
import { eventLines, missingFrom, normalizer, stateLines } from './normalize.js';
import { heldClaims, invariants, type SubjectView, viewOf } from './oracle.js';
import { publishedEventIds, publishOutbox } from './publish.js';
import { type Answer, answerOf, type Redrive, redrive } from './redrive.js';
import { INVOCATION_TIMEOUT_MS, type Subject, World } from './world.js';

/**
 * The exploration of one path, FoundationDB-style: a clean run counts the function's calls
 * (N) and records the outcome; then, for every k in 1..N and both moments (just before the
 * k-th call leaves, just after its answer arrives), a fresh subject is prepared the same way,
 * the function is killed there, the cloud re-drives it, and the outcome is compared with the
 * clean one. Every case is run; none is sampled.
 */
export interface CrashPath {
  /** Label in the report. */
  id: string;
  /** The function under test (an id of infra/routes.ts). */
  functionId: string;
  redrive: Redrive;
  /** `table`: every case in a table of its own (the function acts on every supplier of its table). */
  isolation?: 'subject' | 'table';
  /** Brings fresh subjects to the state the path starts from. */
  prepare(world: World, subjects: Subject[]): Promise<void>;
  /** The Lambda event of the invocation under test (called again for each client retry). */
  event(world: World, subject: Subject): Promise<unknown> | unknown;
  /** What the cloud does next once the function has answered (hand-over, worker, sweep), until nothing is left. */
  settle?(world: World, subject: Subject): Promise<void>;
  /** Why the answer after recovery is not a documented one (undefined when it is). */
  answer?(clean: Answer, final: Answer, view: SubjectView): string | undefined;
  /** False for the publisher itself: its own re-drive must deliver the events. */
  publishes?: boolean;
}

/** The answer of the clean run, or one of the documented answers to a repeat of a request that succeeded. */
export const cleanOr =
  (...repeats: ((final: Answer) => boolean)[]) =>
  (clean: Answer, final: Answer): string | undefined =>
    (JSON.stringify(final.body) === JSON.stringify(clean.body) && final.status === clean.status) ||
    repeats.some((repeat) => repeat(final))
      ? undefined
      : `answered ${final.status} ${JSON.stringify(final.body)}, the clean run ${clean.status} ${JSON.stringify(clean.body)}`;

/** A background function's re-drive ends without an error and without a batch item failure. */
const succeeded = (_clean: Answer, final: Answer): string | undefined => {
  const failures =
    (final.result as { batchItemFailures?: unknown[] } | null | undefined)?.batchItemFailures ?? [];
  return final.error || failures.length > 0 ? `the re-drive ended with ${JSON.stringify(final)}` : undefined;
};

const normalized = (answer: Answer, subject: Subject): Answer => {
  const { value } = normalizer(subject);
  return { ...answer, body: value(answer.body), result: value(answer.result), raw: answer.body };
};

export interface Violation {
  k?: number;
  moment?: CallMoment;
  call?: CallLabel;
  problem: string;
}

export interface PathReport {
  id: string;
  calls: CallLabel[];
  crashPoints: number;
  violations: Violation[];
  ms: number;
}

interface Case {
  k: number;
  moment: CallMoment;
  world: World;
  subject: Subject;
  problems: string[];
  final?: Answer;
}

async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

async function freshSubjects(
  path: CrashPath,
  shared: World,
  count: number,
): Promise<{ world: World; subject: Subject }[]> {
  if (path.isolation !== 'table') {
    const subjects = await Promise.all(Array.from({ length: count }, () => shared.newSubject()));
    if (subjects.length > 0) await path.prepare(shared, subjects);
    return subjects.map((subject) => ({ world: shared, subject }));
  }
  const made: { world: World; subject: Subject }[] = [];
  await pool(
    Array.from({ length: count }, (_, i) => i),
    4,
    async () => {
      const world = await World.create(path.id);
      const subject = await world.newSubject();
      await path.prepare(world, [subject]);
      made.push({ world, subject });
    },
  );
  return made;
}

export async function explore(path: CrashPath, options: { concurrency: number }): Promise<PathReport> {
  const started = Date.now();
  const shared = await World.create(path.id);
  const worlds = new Set<World>([shared]);
  try {
    const [clean] = await freshSubjects(path, shared, 1);
    if (!clean) throw new Error('no clean subject');
    worlds.add(clean.world);
    const run = await clean.world.run([
      { functionId: path.functionId, event: await path.event(clean.world, clean.subject), counted: true },
    ]);
    const cleanAnswer = answerOf(run.steps[0]);
    await path.settle?.(clean.world, clean.subject);
    const calls = run.calls;

    const subjects = await freshSubjects(path, shared, calls.length * 2);
    for (const { world } of subjects) worlds.add(world);
    const cases: Case[] = calls.flatMap((_, index) =>
      (['before', 'after'] as const).map((moment, m) => ({
        k: index + 1,
        moment,
        ...(subjects[index * 2 + m] as { world: World; subject: Subject }),
        problems: [],
      })),
    );
    await pool(cases, options.concurrency, async (c) => {
      const event = () => path.event(c.world, c.subject);
      const crashed = await c.world.run([
        {
          functionId: path.functionId,
          event: await event(),
          counted: true,
          crash: { k: c.k, moment: c.moment },
        },
      ]);
      const crashedAt = Date.now();
      if (!crashed.killed) {
        const answer = JSON.stringify(answerOf(crashed.steps[0]));
        c.problems.push(
          `the crash point was not reached: ${crashed.calls.length} calls this time, answer ${answer}`,
        );
        return;
      }
      const label = crashed.calls[c.k - 1];
      const expected = calls[c.k - 1];
      if (JSON.stringify(label) !== JSON.stringify(expected)) {
        c.problems.push(
          `call ${c.k} was ${JSON.stringify(label)}, in the clean run ${JSON.stringify(expected)}`,
        );
      }
      for (const claim of heldClaims(
        await c.world.importItems(c.subject),
        c.subject,
        crashedAt,
        INVOCATION_TIMEOUT_MS,
      )) {
        if (claim.outlives) {
          c.problems.push(
            `${claim.what} left by the crash expires ${claim.secondsAfterCrash} s after it (the holder's lifetime: ${INVOCATION_TIMEOUT_MS / 1000} s)`,
          );
        }
      }
      const outcome = await redrive(path.redrive, {
        world: c.world,
        subject: c.subject,
        functionId: path.functionId,
        event,
        crashedAt,
      });
      c.problems.push(...outcome.violations);
      c.final = outcome.final;
      if (outcome.violations.length === 0) await path.settle?.(c.world, c.subject);
    });

    if (path.publishes !== false) for (const world of worlds) await publishOutbox(world);
    const published = publishedEventIds();
    const tables = new Map<World, Record<string, unknown>[]>();
    for (const world of worlds) tables.set(world, await world.items());
    const reference = viewOf(tables.get(clean.world) ?? [], clean.subject);
    const violations: Violation[] = invariants(reference, clean.subject).map((problem) => ({
      problem: `clean run: ${problem}`,
    }));
    const referenceState = stateLines(clean.subject, reference.items);
    const referenceEvents = eventLines(clean.subject, reference.events);
    for (const c of cases) {
      const view = viewOf(tables.get(c.world) ?? [], c.subject);
      const problems = [...c.problems];
      if (problems.length === 0) {
        problems.push(...invariants(view, c.subject));
        const state = stateLines(c.subject, view.items);
        for (const line of missingFrom(referenceState, state)) problems.push(`state lacks ${line}`);
        for (const line of missingFrom(state, referenceState)) problems.push(`state has ${line}`);
        const events = eventLines(c.subject, view.events);
        for (const line of missingFrom(referenceEvents, events)) problems.push(`event missing: ${line}`);
        for (const line of missingFrom(events, referenceEvents))
          problems.push(`event not in the clean run: ${line}`);
        for (const event of view.events) {
          if (!published.has(event.event_id))
            problems.push(`event ${event.event_type} ${event.event_id} never published`);
        }
        const check = path.answer ?? (path.redrive === 'client' ? cleanOr() : succeeded);
        const wrong =
          c.final && check(normalized(cleanAnswer, clean.subject), normalized(c.final, c.subject), view);
        if (wrong) problems.push(wrong);
      }
      violations.push(
        ...problems.map((problem) => ({ k: c.k, moment: c.moment, call: calls[c.k - 1], problem })),
      );
    }
    return { id: path.id, calls, crashPoints: cases.length, violations, ms: Date.now() - started };
  } finally {
    for (const world of worlds) await world.close();
  }
}

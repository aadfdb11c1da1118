import { setTimeout as sleep } from 'node:timers/promises';
import type { SQSRecord } from 'aws-lambda';
import { MAX_RECEIVE_COUNT } from '../../../functions/rules/account-task/engine.js';
import type { StepOutcome } from './child.js';
import { heldClaims } from './oracle.js';
import { INVOCATION_TIMEOUT_MS, type Subject, type World } from './world.js';

/**
 * What the cloud does after a function died, played by the harness:
 * - `client`: API Gateway answered 502; the client sends the same request again (with the same
 *   `Idempotency-Key`), and on a 5xx, a 429, a `409 import_process_in_progress` or a
 *   `409 idempotency_key_in_use` waits what `Retry-After` says and sends it again;
 * - `queue`: SQS delivers the same message again once its visibility timeout has passed (the
 *   harness delivers it as soon as the task's lease has expired: the earliest the timeout allows);
 * - `stream`: the event source mapping hands the same records to the function again;
 * - `schedule`: the schedule invokes the function again at its next tick;
 * - `bus`: Lambda's asynchronous invocation delivers the same event again.
 * Every re-drive runs in a fresh child (the crashed execution environment is gone).
 */
export type Redrive = 'client' | 'queue' | 'stream' | 'schedule' | 'bus';

export interface Answer {
  status?: number;
  code?: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  body?: any;
  retryAfter?: number;
  /** `Idempotent-Replayed: true`: the kept answer of an earlier request with the same key. */
  replayed?: boolean;
  result?: unknown;
  error?: { name: string; message: string };
  /** The body before normalization (answer checks that need the real numbers). */
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  raw?: any;
}

export function answerOf(step: StepOutcome | undefined): Answer {
  if (!step) return { error: { name: 'NoAnswer', message: 'the step gave no answer' } };
  if (step.error) return { error: step.error };
  const result = step.result as {
    statusCode?: number;
    body?: string;
    headers?: Record<string, string>;
  } | null;
  if (result && typeof result.statusCode === 'number') {
    const body = result.body ? JSON.parse(result.body) : undefined;
    const headerOf = (wanted: string) =>
      Object.entries(result.headers ?? {}).find(([name]) => name.toLowerCase() === wanted)?.[1];
    const header = headerOf('retry-after');
    return {
      status: result.statusCode,
      code: body?.code,
      body,
      ...(header ? { retryAfter: Number(header) } : {}),
      ...(headerOf('idempotent-replayed') === 'true' ? { replayed: true } : {}),
    };
  }
  return { result: step.result };
}

/** Deliveries a re-drive gets before the harness calls the case stuck (the cloud gives as many or more). */
const REDELIVERIES = 3;
/**
 * When a dead holder's claim must be free, after the crash: its lifetime (the invocation's
 * timeout; margin 0), a second for whole-second rounding (a Retry-After is rounded up), and a
 * second for the time between the function deciding its answer and the harness reading it on
 * a busy machine.
 */
const CLAIM_FREE_MS = INVOCATION_TIMEOUT_MS + 2_000;

export interface RedriveContext {
  world: World;
  subject: Subject;
  functionId: string;
  /** A fresh event of the invocation (a client's retry is a new request; a redelivery the same one). */
  event: () => Promise<unknown> | unknown;
  crashedAt: number;
  /** The crashed invocation's deadline (when its timeout would have stopped it): its claims expire by then. */
  holderDeadline: number;
}

export interface RedriveOutcome {
  final: Answer;
  violations: string[];
}

/** Refusals because a claim is held (the account's creation lock, the request's idempotency key): wait, retry. */
const CLAIM_HELD = new Set(['import_process_in_progress', 'idempotency_key_in_use']);

const retryable = (answer: Answer) =>
  answer.status !== undefined &&
  (answer.status >= 500 || answer.status === 429 || CLAIM_HELD.has(String(answer.code)));

/** One invocation of the re-drive: its answer, and its deadline (the claims it took expire by then). */
async function invoke(
  context: RedriveContext,
  event: unknown,
): Promise<{ answer: Answer; deadline: number | undefined }> {
  const outcome = await context.world.run([{ functionId: context.functionId, event }]);
  const answer = answerOf(outcome.steps[0]);
  if (process.env.CRASH_POINTS_DEBUG && (answer.error || (answer.status ?? 0) >= 500)) {
    process.stderr.write(
      `[crash points] ${context.functionId}: ${JSON.stringify(answer)}\n${outcome.output}\n`,
    );
  }
  return { answer, deadline: outcome.deadlines[0] };
}

async function client(context: RedriveContext): Promise<RedriveOutcome> {
  const violations: string[] = [];
  const latest = context.crashedAt + CLAIM_FREE_MS;
  for (let attempt = 1; ; attempt++) {
    const { answer } = await invoke(context, await context.event());
    if (!retryable(answer)) return { final: answer, violations };
    const seconds = answer.retryAfter;
    const at = `${answer.status} ${answer.code ?? ''} ${((Date.now() - context.crashedAt) / 1000).toFixed(1)} s after the crash`;
    if (seconds === undefined && answer.status !== 500) violations.push(`${at} carries no Retry-After`);
    const waitMs = (seconds ?? 1) * 1000;
    // A claim's holder is dead: whoever waits what Retry-After says must find it expired by then.
    if (CLAIM_HELD.has(String(answer.code)) && Date.now() + waitMs > latest) {
      violations.push(
        `${at}, Retry-After ${seconds ?? '-'}: no answer within the crashed holder's lifetime (${INVOCATION_TIMEOUT_MS / 1000} s)`,
      );
      return { final: answer, violations };
    }
    if (attempt >= REDELIVERIES + 2) {
      violations.push(`${at}: still no final answer after ${attempt} attempts`);
      return { final: answer, violations };
    }
    await sleep(waitMs);
  }
}

/**
 * Waits until the subject's claims have expired, or reports one that outlives its holder: the
 * latest invocation that may hold it, whose deadline is `holderDeadline`.
 */
async function claimsExpired(context: RedriveContext, holderDeadline: number): Promise<string | undefined> {
  const claims = heldClaims(await context.world.claimItems(context.subject), context.subject, holderDeadline);
  const outliving = claims.find((claim) => claim.outlives);
  if (outliving) {
    const afterCrash = ((outliving.expiresAt - context.crashedAt) / 1000).toFixed(1);
    return `${outliving.what} expires ${afterCrash} s after the crash, ${outliving.secondsAfterDeadline} s after the deadline of the latest invocation that may hold it`;
  }
  const until = Math.max(0, ...claims.map((claim) => claim.expiresAt));
  if (until > Date.now()) await sleep(until - Date.now() + 50);
  return undefined;
}

async function queue(context: RedriveContext): Promise<RedriveOutcome> {
  const record = (await context.event()) as { Records: SQSRecord[] };
  let final: Answer = {};
  // The latest invocation that may hold a claim: the crashed one, then each delivery that did
  // not finish. A delivery runs only once every claim has expired, so a claim found after it is
  // its own (one that timed out on a busy machine holds a fresh lease until its own deadline,
  // seconds after the harness spawned it).
  let holderDeadline = context.holderDeadline;
  for (let receive = 2; receive <= MAX_RECEIVE_COUNT; receive++) {
    const blocked = await claimsExpired(context, holderDeadline);
    if (blocked) return { final, violations: [`the message cannot run again: ${blocked}`] };
    const again = record.Records.map((r) => ({
      ...r,
      attributes: { ...r.attributes, ApproximateReceiveCount: String(receive) },
    }));
    const delivery = await invoke(context, { Records: again });
    final = delivery.answer;
    holderDeadline = delivery.deadline ?? holderDeadline;
    const failures = (final.result as { batchItemFailures?: unknown[] } | undefined)?.batchItemFailures ?? [];
    if (!final.error && failures.length === 0) return { final, violations: [] };
  }
  return {
    final,
    violations: [
      `still failing after ${MAX_RECEIVE_COUNT} deliveries (the message goes to the dead-letter queue)`,
    ],
  };
}

async function again(context: RedriveContext, sameEvent: boolean): Promise<RedriveOutcome> {
  const event = await context.event();
  let final: Answer = {};
  for (let attempt = 1; attempt <= REDELIVERIES; attempt++) {
    ({ answer: final } = await invoke(context, sameEvent ? event : await context.event()));
    const failures = (final.result as { batchItemFailures?: unknown[] } | undefined)?.batchItemFailures ?? [];
    if (!final.error && failures.length === 0) return { final, violations: [] };
  }
  return { final, violations: [`still failing after ${REDELIVERIES} re-drives: ${JSON.stringify(final)}`] };
}

export function redrive(kind: Redrive, context: RedriveContext): Promise<RedriveOutcome> {
  switch (kind) {
    case 'client':
      return client(context);
    case 'queue':
      return queue(context);
    case 'stream':
    case 'bus':
      return again(context, true);
    case 'schedule':
      return again(context, false);
  }
}

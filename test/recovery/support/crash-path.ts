import type { CallLabel, CallMoment } from './call-hooks.js';
import { normalizer } from './normalize.js';
import type { SubjectView } from './oracle.js';
import type { Answer, Redrive } from './redrive.js';
import type { Subject, World } from './world.js';

/** One path of the exploration: a function, how its subjects are prepared, and how the cloud re-drives it. */
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
  /** What the cloud does next once the function has answered (hand-over, worker), until nothing is left. */
  settle?(world: World, subject: Subject): Promise<void>;
  /** Why the answer after recovery is not a documented one (undefined when it is); answers are normalized. */
  answer?(clean: Answer, final: Answer, view: SubjectView): string | undefined;
  /** False for the publisher itself: its own re-drive must deliver the events. */
  publishes?: boolean;
}

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

/** The answer of the clean run, or one of the documented answers to a repeat of a request that succeeded. */
export const cleanOr =
  (...repeats: ((final: Answer) => boolean)[]) =>
  (clean: Answer, final: Answer): string | undefined =>
    (JSON.stringify(final.body) === JSON.stringify(clean.body) && final.status === clean.status) ||
    repeats.some((repeat) => repeat(final))
      ? undefined
      : `answered ${final.status} ${JSON.stringify(final.body)}, the clean run ${clean.status} ${JSON.stringify(clean.body)}`;

/** A background function's re-drive ends without an error and without a batch item failure. */
export const succeeded = (_clean: Answer, final: Answer): string | undefined => {
  const failures =
    (final.result as { batchItemFailures?: unknown[] } | null | undefined)?.batchItemFailures ?? [];
  return final.error || failures.length > 0 ? `the re-drive ended with ${JSON.stringify(final)}` : undefined;
};

/** An answer with its subject's names replaced, so two subjects' answers compare. */
export function normalizedAnswer(answer: Answer, subject: Subject): Answer {
  const { value } = normalizer(subject);
  return { ...answer, body: value(answer.body), result: value(answer.result), raw: answer.body };
}

import { type FunctionDefinition, WRITE_ACTIONS } from '../../../../infra/function-definition.js';
import { apiFunctions, backgroundFunctions } from '../../../../infra/routes.js';
import type { CrashPath } from '../crash-path.js';
import * as account from './account-paths.js';
import * as background from './background-paths.js';
import * as bulk from './bulk-job-paths.js';
import * as task from './task-paths.js';

/**
 * What the crash-point harness explores, keyed by the functions of infra/routes.ts that change
 * state: every function that declares a write action on the table, and the outbox publisher
 * (it writes to the bus). A function added to the route table does not compile here until it has an entry.
 * `fast` paths are explored by `npm test` too; every path by `npm run test:crash-points`.
 */
type Definition =
  | (typeof apiFunctions)[number]
  | (typeof backgroundFunctions)[keyof typeof backgroundFunctions];
type WriteAction = 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'BatchWriteItem';
/** The definitions among `D` whose table actions include a write. */
type Writes<D> = D extends { table: { items: readonly (infer A)[] } }
  ? [Extract<A, WriteAction>] extends [never]
    ? never
    : D
  : never;
export type WritingFunctionId = Writes<Definition>['id'] | typeof backgroundFunctions.publisher.id;

export type ExploredPath = CrashPath & { fast?: boolean };

export const crashPlans: Record<WritingFunctionId, readonly ExploredPath[] | { notExplored: string }> = {
  'obtain-service-token': {
    notExplored:
      'it issues credentials and changes no migration state: a crash leaves at most a refresh token nobody holds, which expires',
  },
  'validate-account': [account.validate],
  'stage-account': [
    { ...account.stage, fast: true },
    { ...account.stageLarge, fast: true },
  ],
  'process-account': [
    // `process` is itself a creation in several writes (reservation, notes, statements,
    // transactions, instruction, completion); the chunked one (two writes of transactions, more
    // users) runs in the full exploration: under the whole suite's load it outruns its timeout.
    { ...account.process, fast: true },
    account.processChunked,
    account.processDryRun,
    account.processLarge,
  ],
  'create-transactions': [{ ...account.transactions, fast: true }, account.transactionsInChunks],
  'create-notes': [account.notes],
  'create-historical-statements': [account.statements],
  'create-payment-instruction': [account.paymentInstruction],
  'send-registration-flows': [account.registrationFlows],
  'validate-account-task': [task.validate],
  'schedule-account-task': [task.schedule],
  'cancel-account-task': [task.cancel],
  'hand-over-started-tasks': [task.handOver],
  'run-account-tasks': [{ ...task.worker, fast: true }, task.workerDryRun],
  'sweep-account-tasks': [task.sweep],
  'apply-join-supplier-outcomes': [{ ...background.joinSupplier, fast: true }],
  'publish-outbox-events': [{ ...background.publisher, fast: true }],
  'cancel-expired-import-processes': [background.expiry],
  'create-bulk-job': {
    notExplored:
      'one PutItem of a new OPEN job under a fresh id: a crash leaves at most an OPEN job its caller never saw, which nothing else refers to',
  },
  // The bulk job paths run in the full exploration only: each case drives its job to its end
  // (reader, every chunk, the finish message), minutes per path on a loaded two-core machine.
  'start-bulk-job': [bulk.start],
  'abort-bulk-job': {
    notExplored:
      'one conditional UpdateItem (OPEN or IN_PROGRESS to ABORTED): a crash leaves the job aborted or not; the retry aborts it, or answers 409 bulk_job_finished as to any abort of a job already aborted or finished',
  },
  'read-bulk-job': [bulk.reader],
  'run-bulk-job-lines': [bulk.worker, bulk.workerRevoked, bulk.finish],
};

/** The functions of infra/routes.ts that change state, read from the route table. */
export function writingFunctions(): string[] {
  return [...apiFunctions, ...Object.values(backgroundFunctions)]
    .filter(
      (definition: FunctionDefinition) =>
        (definition.table?.items ?? []).some((action) => WRITE_ACTIONS.includes(action)) ||
        definition.id === backgroundFunctions.publisher.id,
    )
    .map((definition) => definition.id);
}

/** Every explored path, in the route table's order. */
export function crashPaths(): ExploredPath[] {
  return writingFunctions().flatMap((id) => {
    const plan = crashPlans[id as WritingFunctionId];
    return Array.isArray(plan) ? plan : [];
  });
}

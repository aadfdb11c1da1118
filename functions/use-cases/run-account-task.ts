import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError, SupplierNotOngoingError, ValidationError } from '../errors.js';
import { claimExpiry } from '../invocation-clock.js';
import { logger } from '../logger.js';
import * as importProcessEvents from '../rules/account/import-process-events.js';
import { inProgress, isLocked } from '../rules/account/import-process-rules.js';
import { isLiveProcess } from '../rules/account/transfer-status.js';
import { ACCOUNT_FAILED_VALIDATION } from '../rules/account/validate-account.js';
import { type TaskError, taskError } from '../rules/account-task/account-task.js';
import type { TaskMessage } from '../rules/account-task/engine.js';
import { meterPointAlreadyAssigned } from '../rules/meter-points/meter-point-status.js';
import { acceptsMigrations, mayResumeMigrations } from '../rules/supplier.js';
import { isoDateTime } from '../rules/values/dates.js';
import { getAccountImportState, type StoredAccountTask } from '../store/account-task-read-store.js';
import {
  claimTask,
  endTask,
  endTaskCounters,
  endTaskUpdate,
  markWaitingForSupplier,
  releaseTaskLease,
  type Transition,
} from '../store/account-task-store.js';
import type { StoredImportProcess } from '../store/import-process-store.js';
import { getSupplier } from '../store/supplier-store.js';
import { expireTask } from './expire-account-task.js';
import { CreationAbandoned, creationCheckErrors, processAccount } from './process-account.js';

/**
 * What the worker tells the queue: `done` deletes the message (the task ended, or it is not
 * this message's to run any more); `retry` leaves it to be delivered again after the
 * visibility timeout (a transient fault, or another worker holds the task now).
 */
export type TaskRunOutcome = 'done' | 'retry';

/**
 * Runs one queued task (the v2 worker). The task is claimed with a lease (a conditional
 * write), then imported by the same function as v1 `process/`, whose account-creation
 * transaction also moves the task to PROCESSED (so a crash can never leave an account without
 * its task marked, nor mark a task without its account). Rule failures end the task ERRORED;
 * transient faults keep it IN_PROGRESS and are retried within the window.
 */
export async function runAccountTask(message: TaskMessage, now: Date): Promise<TaskRunOutcome> {
  const { import_supplier: supplier, external_account_number: external } = message;
  const state = await getAccountImportState(supplier, external);
  const task = state.task;
  if (!task || task.task_id !== message.task_id) return 'done';
  if (task.status !== 'PENDING' && task.status !== 'IN_PROGRESS') return 'done';
  const at = isoDateTime(now);
  if (task.schedule_window_end <= at) {
    await expireTask(task, now);
    return 'done';
  }
  // Handed out early (it should not be): the sweep hands it out again once its window starts.
  if (task.schedule_window_start > at) return 'done';
  // The supplier's status is checked when the task runs, not only when it was scheduled.
  // (Suppliers are never deleted: an unknown code is left to the import's own checks.)
  const supplierStatus = (await getSupplier(supplier))?.status ?? 'Ongoing';
  if (mayResumeMigrations(supplierStatus)) {
    // Paused: the task waits unclaimed; the sweep hands it out again once the supplier is Ongoing.
    if (task.status === 'PENDING') await markWaitingForSupplier(task, now);
    return 'done';
  }

  // The lease is a claim: it expires at this invocation's end plus a margin, so a worker that
  // dies holding it keeps the task from running again no longer than that.
  const lease = { token: randomUUID(), until: claimExpiry(now), now };
  const claim = await claimTask(task, lease);
  if (!claim.ok) {
    // Another worker holds a live lease (a duplicate delivery): ask again later.
    return claim.existing?.status === 'IN_PROGRESS' && claim.existing.task_id === task.task_id
      ? 'retry'
      : 'done';
  }
  const held = { task: claim.task, leaseToken: lease.token, now };
  try {
    // Complete: refused for good, as v1 refuses it (an account v1 already created still ends PROCESSED).
    if (!acceptsMigrations(supplierStatus) && !isImported(state.process)) {
      return await endFailed(held, supplierRefusal(supplierStatus));
    }
    if (task.is_dry_run) return await dryRun(held, state.taskAccount);
    return await importAccount(held);
  } catch (error) {
    if (error instanceof CreationAbandoned) return 'done';
    logger.warn('Account task failed transiently; it will be retried', { error: error as Error });
    // Give the lease back: the next delivery may run it at once. If that fails too, the lease
    // expires with this invocation and the sweep hands the task over again.
    await releaseTaskLease(claim.task, { token: lease.token, now }).catch((releaseError: unknown) =>
      logger.warn('Could not release the task lease', { error: releaseError as Error }),
    );
    return 'retry';
  }
}

interface HeldTask {
  task: StoredAccountTask;
  leaseToken: string;
  now: Date;
}

function transition(held: HeldTask, to: Transition['to'], extra: Partial<Transition> = {}): Transition {
  return { task: held.task, to, now: held.now, guard: { leaseToken: held.leaseToken }, ...extra };
}

async function importAccount(held: HeldTask): Promise<TaskRunOutcome> {
  const { task, now } = held;
  const external = task.external_account_number;
  const processed = (serviceIdentifier: string) => transition(held, 'PROCESSED', { serviceIdentifier });
  try {
    await processAccount({
      supplier: task.import_supplier,
      externalAccountNumber: external,
      now,
      alsoWrite: (serviceAccountNumber) => [endTaskUpdate(processed(serviceAccountNumber))],
      // The same for every account number: the task leaves the supplier's `scheduled` count.
      alsoCount: endTaskCounters(processed('')),
    });
    return 'done';
  } catch (error) {
    if (error instanceof ConflictError && error.code === 'account_import_process_already_imported') {
      // Created by v1 process/ (which emitted `complete`): the task ends PROCESSED, no second event.
      const number = String(error.extra.service_account_number ?? '');
      await endTask(transition(held, 'PROCESSED', { serviceIdentifier: number }), []);
      return 'done';
    }
    const failure = ruleFailure(error);
    if (!failure) throw error;
    return endFailed(held, failure);
  }
}

/** A rule failed at run time: ERRORED with `error` (DRY_RUN_ERRORED with `dry_run_error` for a dry run). */
async function endFailed(held: HeldTask, failure: TaskError): Promise<TaskRunOutcome> {
  const external = held.task.external_account_number;
  await (held.task.is_dry_run
    ? endTask(transition(held, 'DRY_RUN_ERRORED', { error: failure }), [
        importProcessEvents.dryRunError(external, failure.code, failure.detail),
      ])
    : endTask(transition(held, 'ERRORED', { error: failure }), [
        importProcessEvents.error(external, failure.code, failure.detail),
      ]));
  return 'done';
}

function isImported(process: StoredImportProcess | undefined): process is StoredImportProcess {
  return isLiveProcess(process) && process.status === 'COMPLETED';
}

/** The code and detail v1 answers for a supplier that is not Ongoing (409 `import_supplier_migration_not_ongoing`). */
function supplierRefusal(status: 'Paused' | 'Complete'): TaskError {
  const error = new SupplierNotOngoingError(status);
  const [inner] = error.body().errors as { attr: string; code: string }[];
  return taskError(error.code, inner ? `${error.detail} ${inner.attr}: ${inner.code}` : error.detail);
}

/** A rule that failed at run time (the task ends ERRORED); anything else is transient. */
function ruleFailure(error: unknown): TaskError | undefined {
  if (error instanceof ValidationError) return taskError(error.code, summary(error));
  if (error instanceof NotFoundError) return taskError(error.code, error.detail);
  if (error instanceof ConflictError && error.code !== 'import_process_in_progress') {
    return taskError(error.code, error.detail);
  }
  return undefined;
}

function summary(error: ValidationError): string {
  const fields = error.errors.map((field) => `${field.attr || '(account)'}: ${field.code}`).join('; ');
  return fields ? `${error.detail} ${fields}` : error.detail;
}

/** Every check of a real run (v1's dry-run checks), nothing kept: DRY_RUN_SUCCEEDED or DRY_RUN_ERRORED with its event. */
async function dryRun(held: HeldTask, account: StoredAccountTaskAccount): Promise<TaskRunOutcome> {
  const { task, now } = held;
  const external = task.external_account_number;
  const { process } = await getAccountImportState(task.import_supplier, external);
  // A creation running now (a v1 process/ call) decides the outcome: try again once its lock is
  // released or expired, as the real task would (a transient fault, retried within the window).
  if (isLiveProcess(process) && isLocked(process, now)) throw inProgress(process.lock_expires_at, now);
  let failure: TaskError | undefined;
  if (isImported(process)) {
    failure = taskError(
      'account_import_process_already_imported',
      `An account has already been created for this account (${process.service_account_number ?? ''}).`,
    );
  } else if (!account) {
    failure = taskError('import_process_does_not_exist', 'The task holds no account payload.');
  } else {
    const errors = await creationCheckErrors(account, task.import_supplier, now);
    if (errors.length > 0) {
      // The code the real task ends with: a claimed meter point's conflict, else the account rules'.
      const claimed = meterPointAlreadyAssigned();
      const [code, detail] = errors.every((error) => error.code === claimed.code)
        ? [claimed.code, claimed.detail]
        : [ACCOUNT_FAILED_VALIDATION, 'The account data could not be validated.'];
      failure = taskError(code, summary(new ValidationError(errors, code, detail)));
    }
  }
  if (failure) return endFailed(held, failure);
  await endTask(transition(held, 'DRY_RUN_SUCCEEDED'), [importProcessEvents.dryRunComplete(external)]);
  return 'done';
}

type StoredAccountTaskAccount = Awaited<ReturnType<typeof getAccountImportState>>['taskAccount'];

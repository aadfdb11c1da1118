import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { validateEvent } from '../../functions/events/validate-event.js';
import type { TaskMessage } from '../../functions/rules/account-task/engine.js';
import { getAccountImportState } from '../../functions/store/account-task-read-store.js';
import { getImportProcess } from '../../functions/store/import-process-store.js';
import { setSupplierStatus } from '../../functions/store/supplier-store.js';
import { processAccount } from '../../functions/use-cases/process-account.js';
import { runAccountTask } from '../../functions/use-cases/run-account-task.js';
import { scheduleAccountTask } from '../../functions/use-cases/schedule-account-task.js';
import { sweepAccountTasks } from '../../functions/use-cases/sweep-account-tasks.js';
import { newSupplierWithKey } from '../accounts/support/seed-processes.js';
import { stagedAccount } from '../accounts/support/store.js';
import { type ArchivedEvent, forAccount, waitForEvents } from '../support/events-file.js';
import { aheadClock, collectingQueue } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * The supplier's status is checked again when a v2 task runs: a task scheduled while its
 * supplier was Ongoing, whose supplier an operator then pauses or completes. The engine is
 * driven directly with a clock an hour ahead, each test with a supplier of its own.
 */
const { at, start: START, end: END, inWindow } = aheadClock();
const apiTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A task of a new Ongoing supplier, scheduled and then handed to the queue by the sweep. */
async function queuedTask(options: { isDryRun?: boolean } = {}) {
  const { supplier } = await newSupplierWithKey('V2SUPPLIER');
  const account = stagedAccount(supplier, `V2-${randomUUID()}`);
  const { task } = await scheduleAccountTask({
    supplier,
    account,
    isDryRun: options.isDryRun ?? false,
    window: { start: apiTime(at(START)), end: apiTime(at(END)) },
    now: at(0),
  });
  const message: TaskMessage = {
    import_supplier: supplier,
    external_account_number: account.external_account_number,
    task_id: task.task_id,
  };
  const first = collectingQueue();
  await sweepAccountTasks(inWindow(0), first, [supplier]);
  expect(first.sent).toEqual([message]);
  const external = account.external_account_number;
  const taskNow = async () => (await getAccountImportState(supplier, external)).task;
  return { supplier, external, task, message, taskNow };
}

const eventsOf = (type: string, external: string) => (e: ArchivedEvent) =>
  e.detail.event_type === type && forAccount(external)(e);

describe('Rule: a task whose supplier is Paused when it runs waits, unclaimed, and runs once the supplier is Ongoing again within its window', () => {
  it('stays PENDING and creates nothing while Paused; the sweep hands it out again only after the supplier is Ongoing; then PROCESSED once', async () => {
    // Prepare
    const { supplier, external, message, taskNow } = await queuedTask();
    await setSupplierStatus(supplier, 'Paused');

    // Act
    const whilePaused = await runAccountTask(message, inWindow(1000));
    const sweptWhilePaused = collectingQueue();
    await sweepAccountTasks(inWindow(2000), sweptWhilePaused, [supplier]);
    const waiting = await taskNow();
    const processWhilePaused = await getImportProcess(supplier, external);
    await setSupplierStatus(supplier, 'Ongoing');
    const sweptAfterResume = collectingQueue();
    await sweepAccountTasks(inWindow(3000), sweptAfterResume, [supplier]);
    const afterResume = await runAccountTask(message, inWindow(4000));

    // Assess
    expect(whilePaused).toBe('done');
    expect(waiting).toMatchObject({
      status: 'PENDING',
      latest_event: { event: 'EVENT_ACCOUNT_IMPORT_PROCESS_CREATED' },
      latest_error: null,
    });
    expect(processWhilePaused).toMatchObject({ status: 'UNKNOWN' });
    expect(sweptWhilePaused.sent).toEqual([]);
    expect(sweptAfterResume.sent).toEqual([message]);
    expect(afterResume).toBe('done');
    const processed = await taskNow();
    expect(processed?.status).toBe('PROCESSED');
    expect(processed?.service_identifier).toBe(
      (await getImportProcess(supplier, external))?.service_account_number,
    );
    const complete = await waitForEvents(eventsOf('data_import.import_process.complete', external));
    expect(complete).toHaveLength(1);
  });

  it('a task still waiting for its Paused supplier when its window ends is CANCELLED by the sweep, with cancelled', async () => {
    // Prepare
    const { supplier, external, task, message, taskNow } = await queuedTask();
    await setSupplierStatus(supplier, 'Paused');
    await runAccountTask(message, inWindow(1000));

    // Act
    await sweepAccountTasks(at(END + 1000), collectingQueue(), [supplier]);

    // Assess
    expect((await taskNow())?.status).toBe('CANCELLED');
    const [event] = await waitForEvents(eventsOf('data_import.import_process.cancelled', external));
    expect(event?.detail.payload.expiry_window_end).toBe(task.schedule_window_end);
    expect(validateEvent(event?.detail).valid).toBe(true);
    expect(await getImportProcess(supplier, external)).toMatchObject({ status: 'UNKNOWN' });
  });
});

describe('Rule: a task whose supplier is Complete when it runs ends ERRORED with import_supplier_migration_not_ongoing, as v1 processing answers', () => {
  it('ERRORED with latest_error and the error event; no account is created', async () => {
    // Prepare
    const { supplier, external, message, taskNow } = await queuedTask();
    await setSupplierStatus(supplier, 'Complete');

    // Act
    const outcome = await runAccountTask(message, inWindow(1000));

    // Assess
    expect(outcome).toBe('done');
    const task = await taskNow();
    expect(task?.status).toBe('ERRORED');
    expect(task?.latest_error).toEqual({
      code: 'import_supplier_migration_not_ongoing',
      detail: 'The import supplier is not accepting migrations. import_supplier: import_supplier_complete',
      domain: 'import_process',
    });
    expect(task?.latest_event).toMatchObject({
      event: 'EVENT_ACCOUNT_IMPORT_PROCESS_ERRORED',
      data: task?.latest_error,
    });
    expect(await getImportProcess(supplier, external)).toMatchObject({ status: 'UNKNOWN' });
    const [event] = await waitForEvents(eventsOf('data_import.import_process.error', external));
    expect(event?.detail.payload).toMatchObject({ error_code: 'import_supplier_migration_not_ongoing' });
    expect(validateEvent(event?.detail).valid).toBe(true);
  });

  it('a dry run ends DRY_RUN_ERRORED with the same code and dry_run_error', async () => {
    // Prepare
    const { supplier, external, message, taskNow } = await queuedTask({ isDryRun: true });
    await setSupplierStatus(supplier, 'Complete');

    // Act
    await runAccountTask(message, inWindow(1000));

    // Assess
    const task = await taskNow();
    expect(task?.status).toBe('DRY_RUN_ERRORED');
    expect(task?.latest_error?.code).toBe('import_supplier_migration_not_ongoing');
    const [event] = await waitForEvents(eventsOf('data_import.import_process.dry_run_error', external));
    expect(validateEvent(event?.detail).valid).toBe(true);
  });

  it('an account v1 process/ created before the supplier was completed still ends the task PROCESSED', async () => {
    // Prepare
    const { supplier, external, message, taskNow } = await queuedTask();
    const created = await processAccount({ supplier, externalAccountNumber: external, now: inWindow(500) });
    await setSupplierStatus(supplier, 'Complete');

    // Act
    await runAccountTask(message, inWindow(1000));

    // Assess
    const task = await taskNow();
    expect(task?.status).toBe('PROCESSED');
    expect(task?.service_identifier).toBe(created.service_account_number);
  });
});

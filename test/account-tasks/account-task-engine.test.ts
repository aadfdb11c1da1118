import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { validateEvent } from '../../functions/events/validate-event.js';
import { CLAIM_MARGIN_SECONDS } from '../../functions/invocation-clock.js';
import {
  VISIBILITY_TIMEOUT_SECONDS,
  WORKER_TIMEOUT_SECONDS,
} from '../../functions/rules/account-task/engine.js';
import { isoDateTime } from '../../functions/rules/values/dates.js';
import { getAccountImportState } from '../../functions/store/account-task-read-store.js';
import { claimTask } from '../../functions/store/account-task-store.js';
import { dynamoDbClient } from '../../functions/store/dynamodb.js';
import { lockImportProcess } from '../../functions/store/import-process-lock-store.js';
import { getImportProcess } from '../../functions/store/import-process-store.js';
import { handOverWrittenTasks } from '../../functions/use-cases/hand-over-tasks.js';
import { processAccount } from '../../functions/use-cases/process-account.js';
import { runAccountTask } from '../../functions/use-cases/run-account-task.js';
import { scheduleAccountTask } from '../../functions/use-cases/schedule-account-task.js';
import { sweepAccountTasks } from '../../functions/use-cases/sweep-account-tasks.js';
import { newSupplierWithKey } from '../accounts/support/seed-processes.js';
import { stagedAccount } from '../accounts/support/store.js';
import { type ArchivedEvent, forAccount, readEvents, waitForEvents } from '../support/events-file.js';
import { collectingQueue, HOUR } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * The engine driven directly, with the clock given: tasks are scheduled an hour ahead (so the
 * shared runtime's own sweep, on real time, leaves them alone) for a supplier of this file.
 */
const T = Date.now();
const at = (ms: number) => new Date(T + ms);
const START = HOUR;
const END = 3 * HOUR;
const inWindow = (ms = 1000) => at(START + ms);
const apiTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
let supplier = '';

beforeAll(async () => {
  supplier = (await newSupplierWithKey('V2ENGINE')).supplier;
});

const FAULT = 'inject-task-fault';
afterEach(() => {
  dynamoDbClient.middlewareStack.remove(FAULT);
});

async function scheduled(options: { isDryRun?: boolean; account?: ReturnType<typeof stagedAccount> } = {}) {
  const account = options.account ?? stagedAccount(supplier, `V2-${randomUUID()}`);
  const queue = collectingQueue();
  const { task } = await scheduleAccountTask({
    supplier,
    account,
    isDryRun: options.isDryRun ?? false,
    window: {
      start: at(START)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      end: at(END)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
    },
    now: at(0),
  });
  const message = {
    import_supplier: supplier,
    external_account_number: account.external_account_number,
    task_id: task.task_id,
  };
  return { account, external: account.external_account_number, task, message, queue };
}

async function taskOf(external: string) {
  return (await getAccountImportState(supplier, external)).task;
}

const eventsOf = (type: string, external: string) => (e: ArchivedEvent) =>
  e.detail.event_type === type && forAccount(external)(e);

describe('The sweep hands PENDING tasks to the queue once their window starts', () => {
  it('nothing before the window start; the task at its start (not scheduled a second time)', async () => {
    // Prepare
    const { message } = await scheduled();
    const queue = collectingQueue();

    // Act
    await sweepAccountTasks(at(START - 60_000), queue, [supplier]);
    const before = [...queue.sent];
    await sweepAccountTasks(inWindow(), queue, [supplier]);
    await sweepAccountTasks(inWindow(2000), queue, [supplier]);

    // Assess
    expect(before).not.toContainEqual(message);
    expect(queue.sent.filter((m) => m.task_id === message.task_id)).toEqual([message]);
  });
});

describe('A task written with its window started goes to the queue from the table stream, at once', () => {
  it('a task in its window is handed over and marked queued; one whose window starts later is left to the sweep', async () => {
    // Prepare: one task whose window starts at START, one whose window starts an hour after it
    const { external, message } = await scheduled();
    const later = stagedAccount(supplier, `V2-${randomUUID()}`);
    await scheduleAccountTask({
      supplier,
      account: later,
      isDryRun: false,
      window: { start: apiTime(at(START + HOUR)), end: apiTime(at(END)) },
      now: at(0),
    });
    const written = [await taskOf(external), await taskOf(later.external_account_number)];
    const queue = collectingQueue();

    // Act: the stream delivers both items while the first one's window is open
    const handedOver = await handOverWrittenTasks(
      written.filter((task) => task !== undefined),
      queue,
      inWindow(),
    );

    // Assess
    expect(handedOver).toBe(1);
    expect(queue.sent).toEqual([message]);
    expect((await taskOf(external))?.queued_at).toBe(apiTime(inWindow()));
    expect((await taskOf(later.external_account_number))?.queued_at).toBeUndefined();
  });

  it('the write that marks a task queued comes back on the stream and hands nothing over again', async () => {
    // Prepare: a task already handed over once
    const { external } = await scheduled();
    const first = collectingQueue();
    await handOverWrittenTasks([(await taskOf(external))!], first, inWindow());
    const again = collectingQueue();

    // Act: the stream delivers the task item as the hand-over left it
    const handedOver = await handOverWrittenTasks([(await taskOf(external))!], again, inWindow(2000));

    // Assess
    expect(first.sent).toHaveLength(1);
    expect(handedOver).toBe(0);
    expect(again.sent).toEqual([]);
  });
});

describe('PENDING → IN_PROGRESS → PROCESSED: the account, complete and account.created, once', () => {
  it('processes the task in its window; a duplicate delivery changes nothing', async () => {
    // Prepare
    const { external, message } = await scheduled();

    // Act
    const first = await runAccountTask(message, inWindow());
    const duplicate = await runAccountTask(message, inWindow(2000));

    // Assess
    expect([first, duplicate]).toEqual(['done', 'done']);
    const task = await taskOf(external);
    const process = await getImportProcess(supplier, external);
    expect(task?.status).toBe('PROCESSED');
    expect(task?.service_identifier).toBe(process?.service_account_number);
    const complete = await waitForEvents(eventsOf('data_import.import_process.complete', external));
    expect(complete).toHaveLength(1);
    expect(validateEvent(complete[0]?.detail).valid).toBe(true);
  });

  it('a delivery before the window start runs nothing', async () => {
    const { external, message } = await scheduled();
    expect(await runAccountTask(message, at(START - 10_000))).toBe('done');
    expect((await taskOf(external))?.status).toBe('PENDING');
  });
});

describe('IN_PROGRESS → ERRORED when a rule fails at run time, with error', () => {
  it('staged data failing the account rules ends ERRORED with latest_error and the error event', async () => {
    // Prepare
    const account = stagedAccount(supplier, `V2-${randomUUID()}`, {
      last_billed_to_date: '2999-01-01',
    });
    const { external, message } = await scheduled({ account });

    // Act
    const outcome = await runAccountTask(message, inWindow());

    // Assess
    expect(outcome).toBe('done');
    const task = await taskOf(external);
    expect(task?.status).toBe('ERRORED');
    expect(task?.latest_error).toMatchObject({ code: 'account_failed_validation', domain: 'import_process' });
    expect(task?.latest_event).toMatchObject({
      event: 'EVENT_ACCOUNT_IMPORT_PROCESS_ERRORED',
      data: task?.latest_error,
    });
    const [event] = await waitForEvents(eventsOf('data_import.import_process.error', external));
    expect(validateEvent(event?.detail).valid).toBe(true);
  });
});

describe('Dry runs: DRY_RUN_SUCCEEDED with dry_run_complete, DRY_RUN_ERRORED with dry_run_error', () => {
  it('a failing dry run ends DRY_RUN_ERRORED and keeps nothing', async () => {
    const account = stagedAccount(supplier, `V2-${randomUUID()}`, {
      last_billed_to_date: '2999-01-01',
    });
    const { external, message } = await scheduled({ account, isDryRun: true });
    await runAccountTask(message, inWindow());
    const task = await taskOf(external);
    expect(task?.status).toBe('DRY_RUN_ERRORED');
    expect(task?.latest_error?.code).toBe('account_failed_validation');
    expect(await getImportProcess(supplier, external)).toBeUndefined();
    const [event] = await waitForEvents(eventsOf('data_import.import_process.dry_run_error', external));
    expect(validateEvent(event?.detail).valid).toBe(true);
  });
});

describe('PENDING → CANCELLED by the sweep once the window ends, with cancelled (expiry_window_end)', () => {
  it('cancels a task that never ran; a late delivery then runs nothing', async () => {
    // Prepare
    const { external, message, task } = await scheduled();

    // Act
    await sweepAccountTasks(at(END + 1000), collectingQueue(), [supplier]);
    const late = await runAccountTask(message, at(END + 2000));

    // Assess
    expect(late).toBe('done');
    expect((await taskOf(external))?.status).toBe('CANCELLED');
    const [event] = await waitForEvents(eventsOf('data_import.import_process.cancelled', external));
    expect(event?.detail.payload.expiry_window_end).toBe(task.schedule_window_end);
    expect(validateEvent(event?.detail).valid).toBe(true);
    expect(await getImportProcess(supplier, external)).toMatchObject({ status: 'UNKNOWN' });
  });
});

describe('Exactly-once effects under faults', () => {
  it('a worker killed mid-task (task leased, process locked): both claims expire with its invocation, the sweep re-hands it, the next run creates one account', async () => {
    // Prepare: a worker claimed the task and locked the process, then died. Both claims expire
    // at its invocation's end plus the margin.
    const { external, message } = await scheduled();
    const died = inWindow();
    const claimLife = (WORKER_TIMEOUT_SECONDS + CLAIM_MARGIN_SECONDS) * 1000;
    const expiresAt = isoDateTime(new Date(died.getTime() + claimLife));
    await claimTask(message, { token: 'dead-worker', until: expiresAt, now: died });
    await lockImportProcess(supplier, external, { token: 'dead-worker', now: died, expiresAt });

    // Act
    const whileLeased = await runAccountTask(message, new Date(died.getTime() + 10_000));
    const queue = collectingQueue();
    const afterLease = new Date(died.getTime() + claimLife + 1000);
    await sweepAccountTasks(afterLease, queue, [supplier]);
    const retried = await runAccountTask(message, afterLease);

    // Assess
    expect(whileLeased).toBe('retry');
    expect(queue.sent).toContainEqual(message);
    expect(retried).toBe('done');
    expect((await taskOf(external))?.status).toBe('PROCESSED');
    expect(await waitForEvents(eventsOf('data_import.import_process.complete', external))).toHaveLength(1);
  });

  it('a DynamoDB fault on the creation transaction: retried later, one account, one complete', async () => {
    // Prepare
    const { external, message } = await scheduled();
    let armed = true;
    dynamoDbClient.middlewareStack.add(
      (next, context) => async (args) => {
        if (armed && context.commandName === 'TransactWriteItemsCommand') {
          armed = false;
          throw Object.assign(new Error('injected'), { name: 'InternalServerError', $fault: 'server' });
        }
        return next(args);
      },
      { step: 'initialize', name: FAULT },
    );

    // Act
    const failed = await runAccountTask(message, inWindow());
    const retried = await runAccountTask(message, inWindow((VISIBILITY_TIMEOUT_SECONDS + 1) * 1000));

    // Assess
    expect(failed).toBe('retry');
    expect(retried).toBe('done');
    expect((await taskOf(external))?.status).toBe('PROCESSED');
    expect(await waitForEvents(eventsOf('data_import.import_process.complete', external))).toHaveLength(1);
  });

  it('a crash between creating the account and marking the task: the task ends PROCESSED with that account, no second complete', async () => {
    // Prepare: the task was claimed; the account got created (by v1 process/) but the task was never marked.
    const { external, message } = await scheduled();
    const claimed = inWindow();
    const claimLife = (WORKER_TIMEOUT_SECONDS + CLAIM_MARGIN_SECONDS) * 1000;
    await claimTask(message, {
      token: 'crashed',
      until: isoDateTime(new Date(claimed.getTime() + claimLife)),
      now: claimed,
    });
    const created = await processAccount({ supplier, externalAccountNumber: external, now: claimed });

    // Act
    const afterLease = new Date(claimed.getTime() + claimLife + 1000);
    await sweepAccountTasks(afterLease, collectingQueue(), [supplier]);
    const outcome = await runAccountTask(message, afterLease);

    // Assess
    expect(outcome).toBe('done');
    const task = await taskOf(external);
    expect(task).toMatchObject({ status: 'PROCESSED', service_identifier: created.service_account_number });
    await waitForEvents(eventsOf('account.created', created.service_account_number));
    expect(readEvents().filter(eventsOf('data_import.import_process.complete', external))).toHaveLength(1);
  });

  it('a v1 process/ racing a v2 task: one account, the task PROCESSED with it', async () => {
    // Prepare
    const { external, message } = await scheduled();
    const now = inWindow();

    // Act
    const [v1, v2] = await Promise.allSettled([
      processAccount({ supplier, externalAccountNumber: external, now }),
      runAccountTask(message, now),
    ]);
    if (v2.status === 'fulfilled' && v2.value === 'retry') {
      await runAccountTask(message, inWindow((VISIBILITY_TIMEOUT_SECONDS + 1) * 1000));
    }

    // Assess
    const process = await getImportProcess(supplier, external);
    const task = await taskOf(external);
    expect(task).toMatchObject({ status: 'PROCESSED', service_identifier: process?.service_account_number });
    if (v1.status === 'fulfilled')
      expect(v1.value.service_account_number).toBe(process?.service_account_number);
    expect(await waitForEvents(eventsOf('data_import.import_process.complete', external))).toHaveLength(1);
  });
});

describe('A task handed to the queue and lost there is handed over again by the sweep while its window is open', () => {
  it('not before one visibility timeout after its hand-over (its message may still be on its way); then again, and it runs', async () => {
    // Prepare: handed to a queue that then lost the message (dead-lettered, or a local queue killed)
    const { external, message } = await scheduled();
    const handedOver = inWindow();
    await sweepAccountTasks(handedOver, collectingQueue(), [supplier]);

    // Act
    const soon = collectingQueue();
    await sweepAccountTasks(new Date(handedOver.getTime() + 10_000), soon, [supplier]);
    const later = collectingQueue();
    const afterDelivery = new Date(handedOver.getTime() + (VISIBILITY_TIMEOUT_SECONDS + 1) * 1000);
    await sweepAccountTasks(afterDelivery, later, [supplier]);
    const outcome = await runAccountTask(message, afterDelivery);

    // Assess
    expect(soon.sent).not.toContainEqual(message);
    expect(later.sent).toContainEqual(message);
    expect(outcome).toBe('done');
    expect((await taskOf(external))?.status).toBe('PROCESSED');
  });
});

describe('A dead lease never blocks scheduling beyond its expiry', () => {
  it('while a live worker holds the task: 409 import_process_in_progress, Retry-After = seconds until its lease expires', async () => {
    // Prepare
    const { account, message } = await scheduled();
    const claimed = inWindow();
    await claimTask(message, { token: 'live-worker', until: isoDateTime(at(START + 36_000)), now: claimed });

    // Act
    const refused = scheduleAccountTask({
      supplier,
      account,
      isDryRun: false,
      window: { start: apiTime(at(START)), end: apiTime(at(END)) },
      now: new Date(claimed.getTime() + 1_000),
    });

    // Assess
    await expect(refused).rejects.toMatchObject({
      code: 'import_process_in_progress',
      retryAfterSeconds: 34,
    });
  });

  it('once the worker that held it died and its lease expired: the task is replaced (200), then runs', async () => {
    // Prepare: a worker claimed the task and locked the process, then died
    const { account, external, message } = await scheduled();
    const died = inWindow();
    const expiresAt = isoDateTime(new Date(died.getTime() + 35_000));
    await claimTask(message, { token: 'dead-worker', until: expiresAt, now: died });
    await lockImportProcess(supplier, external, { token: 'dead-worker', now: died, expiresAt });

    // Act
    const afterExpiry = new Date(died.getTime() + 36_000);
    const rescheduled = await scheduleAccountTask({
      supplier,
      account,
      isDryRun: false,
      window: { start: apiTime(afterExpiry), end: apiTime(at(END)) },
      now: afterExpiry,
    });
    const outcome = await runAccountTask({ ...message, task_id: rescheduled.task.task_id }, afterExpiry);

    // Assess
    expect(rescheduled.outcome).toBe('replaced');
    expect(outcome).toBe('done');
    expect((await taskOf(external))?.status).toBe('PROCESSED');
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { scheduledEvent } from '../../../../infra/local/scheduler.js';
import { type CrashPath, cleanOr } from '../crash-path.js';
import { accountParameters, apiEvent, fromNow, payloadOf, scheduleStep } from '../requests.js';
import { markHandedOver, settleTasks, taskMessageRecord, taskRecords } from '../task-engine.js';
import type { Subject, World } from '../world.js';

/**
 * The v2 paths: scheduling, the stream's hand-over, the worker, the sweep and cancelling. After
 * its re-drive, each task is driven on (hand-over, worker) until nothing is left to run, so a
 * case also shows that no task is left stuck.
 */
const scheduleAll = async (world: World, subjects: Subject[]) => {
  await world.prepare(subjects.map((subject) => scheduleStep(subject)));
};

/** Validation keeps nothing but its answer under the request's idempotency key. */
export const validate: CrashPath = {
  id: 'v2-validate',
  functionId: 'validate-account-task',
  redrive: 'client',
  prepare: async () => undefined,
  event: (_world, subject) => apiEvent('validate-account-task', subject, { payload: payloadOf(subject) }),
};

export const schedule: CrashPath = {
  id: 'v2-schedule',
  functionId: 'schedule-account-task',
  redrive: 'client',
  prepare: async () => undefined,
  event: (_world, subject) => scheduleStep(subject).event,
  settle: (world, subject) => settleTasks(world, subject),
  // Scheduling again replaces the PENDING task it scheduled: 200.
  answer: cleanOr((final) => final.status === 200 && final.body?.status === 'PENDING'),
};

export const handOver: CrashPath = {
  id: 'v2-hand-over',
  functionId: 'hand-over-started-tasks',
  redrive: 'stream',
  prepare: scheduleAll,
  event: async (world, subject) => {
    subject.data.records ??= await taskRecords(world, subject);
    markHandedOver(world, subject.data.records);
    return { Records: subject.data.records };
  },
  settle: (world, subject) => settleTasks(world, subject),
};

export const worker: CrashPath = {
  id: 'v2-worker',
  functionId: 'run-account-tasks',
  redrive: 'queue',
  prepare: scheduleAll,
  event: async (world, subject) => {
    subject.data.message ??= await taskMessageRecord(world, subject);
    return { Records: [subject.data.message] };
  },
};

export const workerDryRun: CrashPath = {
  ...worker,
  id: 'v2-worker-dry-run',
  prepare: async (world, subjects) => {
    await world.prepare(subjects.map((subject) => scheduleStep(subject, { is_dry_run: true })));
  },
};

/** The Lambda timeout of the worker that dies in the sweep's preparation: its lease lives this long. */
const DEAD_WORKER_TIMEOUT_MS = 2_000;
/** The window of account 1 ends this long after its scheduling is built (the child must start first). */
const WINDOW_ENDS_MS = 8_000;

export const sweep: CrashPath = {
  id: 'v2-sweep',
  functionId: 'sweep-account-tasks',
  redrive: 'schedule',
  isolation: 'table',
  // Account 0: its window is open and the hand-over never sent it. Account 1: its window has
  // ended. Account 2: a worker claimed it and died; its lease has expired.
  prepare: async (world, subjects) => {
    for (const subject of subjects) {
      await world.prepare([
        scheduleStep(subject, {}, 0),
        scheduleStep(subject, { schedule_window_end: fromNow(WINDOW_ENDS_MS) }, 1),
        scheduleStep(subject, {}, 2),
      ]);
      const died = await world.run([
        {
          functionId: 'run-account-tasks',
          event: { Records: [await taskMessageRecord(world, subject, 2)] },
          timeoutMs: DEAD_WORKER_TIMEOUT_MS,
          crash: { operation: 'UpdateItem', moment: 'after' },
        },
      ]);
      if (!died.killed) throw new Error('the worker of the sweep’s preparation did not die at its claim');
      const [ended] = (await world.importItems(subject, `${subject.external}-1`)).filter(
        (item) => item.sk === 'TASK',
      );
      const [claimed] = (await world.importItems(subject, `${subject.external}-2`)).filter(
        (item) => item.sk === 'TASK',
      );
      const until = Math.max(
        Date.parse(String(ended?.schedule_window_end)),
        Date.parse(String(claimed?.lease_until)),
      );
      // Both are whole seconds, compared to the second: one more second and both have passed.
      await sleep(Math.max(0, until - Date.now()) + 1_100);
    }
  },
  event: () => scheduledEvent(),
  settle: (world, subject) => settleTasks(world, subject, { handOver: false }),
};

export const cancel: CrashPath = {
  id: 'v2-cancel',
  functionId: 'cancel-account-task',
  redrive: 'client',
  prepare: async (world, subjects) => {
    await world.prepare(
      subjects.map((subject) => scheduleStep(subject, { schedule_window_start: fromNow(3_600_000) })),
    );
  },
  event: (_world, subject) => apiEvent('cancel-account-task', subject, {}, accountParameters(subject)),
  // Only a PENDING task can be cancelled: a repeat finds it CANCELLED (409 import_process_not_pending).
  answer: cleanOr((final) => final.status === 409 && final.code === 'import_process_not_pending'),
};

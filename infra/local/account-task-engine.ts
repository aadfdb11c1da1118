import type { ScheduledEvent } from 'aws-lambda';
import { integerEnv } from '../../functions/config.js';
import { WORKER_BATCH_SIZE } from '../../functions/rules/account-task/engine.js';
import { LOCAL_ACCOUNT_CREATION_CONCURRENCY } from '../config/environments.js';
import { lambdaContext } from './proxy-event.js';
import { scheduledEvent } from './scheduler.js';
import type { LocalTaskQueue } from './sqs-local.js';
import { type SqsHandler, startSqsPoller } from './sqs-poller.js';
import { type StreamHandler, startStreamPoller } from './stream-poller.js';

/**
 * The v2 task engine locally, as in the cloud: the worker function fed by the local SQS
 * queue (at most DATA_IMPORT_ACCOUNT_CREATION_CONCURRENCY invocations at once, default the
 * configured limit), the hand-over function fed by the table stream (its own poller and
 * position, as the cloud gives each event source mapping its own; it gets every record, where
 * the cloud's filter passes only PENDING tasks not yet queued, and checks them itself), and the
 * sweep every DATA_IMPORT_TASK_SWEEP_SECONDS (default 2).
 *
 * The local queue lives in memory, where SQS keeps its messages. So when the table outlives the
 * process (a data dir), the engine rebuilds the queue from the table at start: every live task
 * whose window is open and that no live lease holds goes to the queue again, as if its message
 * had survived.
 */
export function startLocalTaskEngine(options: {
  queue: LocalTaskQueue;
  region: string;
  /** The table stream, and where the hand-over keeps its position across restarts (a data dir). */
  stream: { endpoint: string; streamArn: string; checkpointFile?: string };
  loadHandler: (id: string) => Promise<unknown>;
  log: (line: string) => void;
  /** The table outlived an earlier run (a data dir): rebuild the queue's messages from it. */
  rebuildQueue?: boolean;
}): { stop(): Promise<void> } {
  const concurrency = integerEnv(
    'DATA_IMPORT_ACCOUNT_CREATION_CONCURRENCY',
    LOCAL_ACCOUNT_CREATION_CONCURRENCY,
    {
      min: 1,
      max: 1000,
    },
  );
  const sweepSeconds = integerEnv('DATA_IMPORT_TASK_SWEEP_SECONDS', 2, { min: 1, max: 3600 });
  const worker: SqsHandler = async (event, context) => {
    const module = (await options.loadHandler('run-account-tasks')) as { handler: SqsHandler };
    return module.handler(event, context);
  };
  const poller = startSqsPoller({
    endpoint: options.queue.env.AWS_ENDPOINT_URL_SQS,
    region: options.region,
    queueUrl: options.queue.queueUrl,
    queueArn: options.queue.queueArn,
    handler: worker,
    maxConcurrency: concurrency,
    batchSize: WORKER_BATCH_SIZE,
    functionName: 'data-import-local-run-account-tasks',
    log: options.log,
  });

  const handOver: StreamHandler = async (event, context) => {
    const module = (await options.loadHandler('hand-over-started-tasks')) as { handler: StreamHandler };
    await module.handler(event, context);
    return undefined;
  };
  const handOverPoller = startStreamPoller({
    ...options.stream,
    region: options.region,
    handler: handOver,
    functionName: 'data-import-local-hand-over-started-tasks',
    log: options.log,
  });

  let running: Promise<void> = options.rebuildQueue ? rebuildQueue(options.log) : Promise.resolve();
  let busy = false;
  const sweep = async () => {
    if (busy) return;
    busy = true;
    try {
      const module = (await options.loadHandler('sweep-account-tasks')) as {
        handler: (event: ScheduledEvent, context: unknown) => Promise<unknown>;
      };
      await module.handler(scheduledEvent(), lambdaContext('data-import-local-sweep-account-tasks'));
    } catch (error) {
      options.log(`task sweep failed: ${(error as Error).message}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => {
    running = sweep();
  }, sweepSeconds * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      await handOverPoller.stop();
      await poller.stop();
    },
  };
}

async function rebuildQueue(log: (line: string) => void): Promise<void> {
  try {
    const { rebuildTaskQueue } = await import('../../functions/use-cases/sweep-account-tasks.js');
    const { sqsTaskQueue } = await import('../../functions/adapters/queue/task-queue.js');
    const report = await rebuildTaskQueue(new Date(), sqsTaskQueue);
    log(
      `task queue rebuilt from the table: ${report.handedOver + report.requeued} task(s) handed over again`,
    );
  } catch (error) {
    log(`task queue rebuild failed (the sweep hands tasks over again later): ${(error as Error).message}`);
  }
}

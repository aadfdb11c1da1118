import { integerEnv } from '../../functions/config.js';
import { READER_TIMEOUT_SECONDS, WORKER_TIMEOUT_SECONDS } from '../../functions/rules/bulk-jobs/engine.js';
import { LOCAL_BULK_JOB_CONCURRENCY } from '../config/environments.js';
import type { LocalQueue, LocalTaskQueue } from './sqs-local.js';
import { type SqsHandler, startSqsPoller } from './sqs-poller.js';

/** The bulk jobs functions' timeouts locally: the stack's, unless a test shortens them. */
export function localBulkJobTimeouts() {
  const seconds = (name: string, fallback: number) => integerEnv(name, fallback, { min: 5, max: 900 }) * 1000;
  return {
    readerMs: seconds('DATA_IMPORT_BULK_READER_TIMEOUT_SECONDS', READER_TIMEOUT_SECONDS),
    workerMs: seconds('DATA_IMPORT_BULK_WORKER_TIMEOUT_SECONDS', WORKER_TIMEOUT_SECONDS),
  };
}

/** Lines loaded at once locally: the local setting, or DATA_IMPORT_BULK_JOB_CONCURRENCY. */
export const localBulkJobConcurrency = () =>
  integerEnv('DATA_IMPORT_BULK_JOB_CONCURRENCY', LOCAL_BULK_JOB_CONCURRENCY, { min: 1, max: 1000 });

/**
 * The bulk jobs engine locally, as in the cloud: the reader function fed by the local reader queue
 * and the worker function fed by the local lines queue (at most the local concurrency at once),
 * each one message per invocation, with the function's timeout in its Lambda context.
 *
 * The local queues keep their messages in memory, so a runtime killed in the middle of a job loses
 * them. At start the engine hands every job started and not finished to the reader again, which
 * reads its input once more and sends every chunk not counted yet: the same recovery an operator
 * runs in the cloud (`npm run ops -- bulk-job resume`) for a message that went to a dead-letter
 * queue.
 */
export async function startLocalBulkJobEngine(options: {
  queue: LocalTaskQueue;
  region: string;
  loadHandler: (id: string) => Promise<unknown>;
  log: (line: string) => void;
}): Promise<{ stop(): Promise<void> }> {
  const timeouts = localBulkJobTimeouts();
  const poll = (queue: LocalQueue, id: string, maxConcurrency: number, timeoutMs: number) =>
    startSqsPoller({
      endpoint: options.queue.env.AWS_ENDPOINT_URL_SQS,
      region: options.region,
      queueUrl: queue.queueUrl,
      queueArn: queue.queueArn,
      handler: async (event, context) => {
        const module = (await options.loadHandler(id)) as { handler: SqsHandler };
        return module.handler(event, context);
      },
      maxConcurrency,
      batchSize: 1,
      functionName: `data-import-local-${id}`,
      timeoutMs,
      log: options.log,
    });
  const readers = poll(options.queue.bulkJobReader, 'read-bulk-job', 2, timeouts.readerMs);
  const workers = poll(
    options.queue.bulkJobLines,
    'run-bulk-job-lines',
    localBulkJobConcurrency(),
    timeouts.workerMs,
  );

  const { resumeUnfinishedBulkJobs } = await import(
    '../../functions/use-cases/bulk-jobs/resume-bulk-jobs.js'
  );
  const resumed = await resumeUnfinishedBulkJobs();
  if (resumed > 0) options.log(`bulk jobs: ${resumed} unfinished job(s) handed to the reader again`);

  return {
    stop: async () => {
      await readers.stop();
      await workers.stop();
    },
  };
}

import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { READ_BATCH } from '../../../../functions/rules/bulk-jobs/engine.js';
import { organisationItem } from '../../../../functions/store/organisation-store.js';
import { type JobStage, prepareJobs, readRecord, settleBulkJob, startEvent } from '../bulk-jobs.js';
import { type CrashPath, cleanOr } from '../crash-path.js';
import type { Subject, World } from '../world.js';

/**
 * Bulk jobs: the start (the client retries), the reader, the worker on a job's last chunk and on
 * its `finish` message (the queue delivers their message again). After its re-drive, each job is
 * driven on (reader, worker, the `finish` message) until it has finished, so a case shows that
 * every line ends once, with the clean run's result, and that the job's counts are the clean run's.
 */
const prepared =
  (fillers: number, stage: JobStage) =>
  (world: World, subjects: Subject[]): Promise<void> =>
    prepareJobs(world, subjects, fillers, stage);

/** The message the preparation left for the path (chunk 0, or the `finish` message). */
const preparedMessage = (_world: World, subject: Subject) => ({ Records: [subject.data.message] });

export const start: CrashPath = {
  id: 'bulk-job-start',
  functionId: 'start-bulk-job',
  redrive: 'client',
  prepare: prepared(1, 'uploaded'),
  event: (_world, subject) => startEvent(subject),
  settle: settleBulkJob,
  // A start repeated once the job is IN_PROGRESS: 409 bulk_job_not_open.
  answer: cleanOr((final) => final.status === 409 && final.code === 'bulk_job_not_open'),
};

/** More chunks than the reader sends at once: it notes its position once before the end, and a re-drive goes on from there. */
export const reader: CrashPath = {
  id: 'bulk-job-reader',
  functionId: 'read-bulk-job',
  redrive: 'queue',
  prepare: prepared(READ_BATCH, 'started'),
  event: async (world, subject) => {
    subject.data.message ??= await readRecord(world, subject);
    return { Records: [subject.data.message] };
  },
  settle: settleBulkJob,
};

/** Chunk 0 (two accounts), every other chunk counted: its count is the job's last, and sends `finish`. */
export const worker: CrashPath = {
  id: 'bulk-job-worker',
  functionId: 'run-bulk-job-lines',
  redrive: 'queue',
  prepare: prepared(1, 'last chunk left'),
  event: preparedMessage,
  settle: settleBulkJob,
};

/**
 * Chunk 0 of a job whose organisation no longer covers its supplier (its scope replaced once
 * every other chunk was counted): the worker fails the job (bulk_job_authority_revoked), leaves
 * chunk 0's lines NOT_PROCESSED and sends `finish`; the job ends FAILED with its results.
 */
export const workerRevoked: CrashPath = {
  id: 'bulk-job-worker-authority-revoked',
  functionId: 'run-bulk-job-lines',
  redrive: 'queue',
  prepare: async (world, subjects) => {
    await prepareJobs(world, subjects, 1, 'last chunk left');
    const at = new Date().toISOString();
    for (const subject of subjects) {
      const name = String((subject.data.tokens as Record<string, string>).organisation);
      await world.standIns.db.send(
        new PutCommand({
          TableName: world.standIns.tableName,
          Item: organisationItem({ name, suppliers: [], created_at: at, updated_at: at }),
        }),
      );
    }
  },
  event: preparedMessage,
  settle: settleBulkJob,
};

/** The `finish` message: the results object written, the job COMPLETE with its counts. */
export const finish: CrashPath = {
  id: 'bulk-job-finish',
  functionId: 'run-bulk-job-lines',
  redrive: 'queue',
  prepare: prepared(1, 'every chunk counted'),
  event: preparedMessage,
  settle: settleBulkJob,
};

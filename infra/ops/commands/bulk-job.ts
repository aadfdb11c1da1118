import { resolveFromStack } from '../table-name.js';
import { type Command, UsageError } from './command.js';

/**
 * Bulk jobs for operators: the jobs started and not finished, and the recovery of a job whose
 * messages a queue lost (a message that went to a dead-letter queue): the reader reads its input
 * again and sends every chunk not counted yet; lines already ended are not run again.
 */
export const bulkJobCommands: Command[] = [
  {
    name: ['bulk-job', 'unfinished'],
    usage: 'bulk-job unfinished',
    summary: 'list the bulk jobs started and not finished (state, supplier, progress of the read)',
    async run() {
      const { unfinishedBulkJobIds } = await import('../../../functions/store/bulk-job-list-store.js');
      const { getBulkJobProgress } = await import('../../../functions/store/bulk-job-store.js');
      const ids = await unfinishedBulkJobIds();
      console.log(`unfinished bulk jobs: ${ids.length}`);
      for (const id of ids) {
        const progress = await getBulkJobProgress(id);
        if (!progress) continue;
        const { job, counts, chunksDone } = progress;
        const read = job.read_done ? `read: ${job.lines_total} lines, ${job.chunks_total} chunks` : 'reading';
        const ended = counts.imported + counts.partial + counts.failed + counts.not_processed;
        console.log(
          `  ${id}  ${job.state}  ${job.import_supplier}  started ${job.started_at}  ${read}  ${chunksDone} chunks counted, ${ended} lines ended`,
        );
      }
      return 0;
    },
  },
  {
    name: ['bulk-job', 'resume'],
    usage: 'bulk-job resume JOB_ID',
    summary: 'hand a started bulk job to the reader again: it sends every chunk not counted yet',
    async run({ positionals, environment }) {
      const jobId = positionals[0];
      if (!jobId) throw new UsageError('JOB_ID is required');
      await resolveFromStack(
        'DATA_IMPORT_BULK_READER_QUEUE_URL',
        'BulkJobReaderQueueUrl',
        environment ?? 'dev',
        'the bulk job reader queue',
      );
      const { getBulkJob } = await import('../../../functions/store/bulk-job-store.js');
      const job = await getBulkJob(jobId);
      if (!job) {
        console.error(`no bulk job ${jobId}`);
        return 1;
      }
      if (job.finished_at || (job.state !== 'IN_PROGRESS' && job.state !== 'ABORTED')) {
        console.error(
          `bulk job ${jobId} is ${job.state}${job.finished_at ? ', finished' : ''}: nothing to resume`,
        );
        return 1;
      }
      const { resumeBulkJob } = await import('../../../functions/use-cases/bulk-jobs/resume-bulk-jobs.js');
      await resumeBulkJob(jobId);
      console.log(`bulk job ${jobId} handed to the reader again`);
      return 0;
    },
  },
];

import { resultsKey, writeObject } from '../../adapters/bulk-jobs/job-objects.js';
import { sendBulkJobMessages } from '../../adapters/queue/bulk-job-lines-queue.js';
import { logger } from '../../logger.js';
import { chunksOfShard, finishMessage } from '../../rules/bulk-jobs/engine.js';
import { type LineResult, notProcessedLine, resultsLine } from '../../rules/bulk-jobs/line-result.js';
import { isoDateTime } from '../../rules/values/dates.js';
import { readChunk } from '../../store/bulk-job-line-store.js';
import {
  getBulkJobProgress,
  getJobAndShard,
  type JobProgress,
  markFinished,
} from '../../store/bulk-job-store.js';

/** Every chunk the reader sent is counted: no line is in flight any more. */
const isComplete = ({ job, chunksDone }: JobProgress) =>
  job.read_done && job.chunks_total !== null && chunksDone >= job.chunks_total && !job.finished_at;

/**
 * After a chunk is counted on shard `shard` (or, without one, after the reader is done): when it
 * was the last, the queue gets the job's `finish` message. Whoever counts last sees every count
 * (the counts and the job are read strongly consistent after its own write), so at least one
 * caller sends it; a second one is harmless. A worker reads every shard only when its own shard
 * has counted all its chunks (one item read, not sixteen, for every other chunk): the worker that
 * counts the last chunk of the job completes its shard, and the reader reads every shard once the
 * job's chunks are known, so the last of them still sees every count.
 */
export async function finishIfDone(jobId: string, shard?: number): Promise<void> {
  if (shard !== undefined) {
    const own = await getJobAndShard(jobId, shard);
    if (!own?.job.read_done || own.job.chunks_total === null || own.job.finished_at) return;
    if (own.shardChunksDone < chunksOfShard(shard, own.job.chunks_total)) return;
  }
  const progress = await getBulkJobProgress(jobId);
  if (progress && isComplete(progress)) await sendBulkJobMessages([finishMessage(jobId)]);
}

/** The results object's lines: each chunk's lines in line order, chunk after chunk. */
async function* resultLines(jobId: string, chunks: number, dryRun: boolean): AsyncGenerator<string> {
  // A few chunks are read ahead, in order, so the upload is not bound by one read at a time.
  const readAhead = 8;
  const reads: ReturnType<typeof readChunk>[] = [];
  let requested = 0;
  for (let chunk = 0; chunk < chunks; chunk++) {
    while (requested < chunks && requested < chunk + readAhead) reads.push(readChunk(jobId, requested++));
    const { lines, done } = await (reads.shift() as ReturnType<typeof readChunk>);
    const entries: (LineResult | ReturnType<typeof notProcessedLine>)[] = [
      ...[...lines.values()].flatMap((line) => (line.result ? [line.result] : [])),
      ...(done?.not_processed ?? []).map(([line, external]) => notProcessedLine(line, external)),
    ];
    entries.sort((a, b) => a.line - b.line);
    yield entries.map((entry) => resultsLine(entry, dryRun)).join('');
  }
}

/**
 * The job's `finish` message: every line has ended, so its results object is written (one line
 * per input line, in line order) and the job is finished: COMPLETE, or ABORTED when it was
 * aborted, or FAILED when it failed while it ran (its `error` says why), with its final counts. Writing the object again (a second `finish` message) writes
 * the same lines.
 */
export async function finishBulkJob(jobId: string, now: Date): Promise<void> {
  const progress = await getBulkJobProgress(jobId);
  if (!progress || !isComplete(progress)) return;
  const { job } = progress;
  await writeObject(resultsKey(jobId), resultLines(jobId, job.chunks_total as number, job.dry_run));
  let state = job.state;
  while (state === 'IN_PROGRESS' || state === 'ABORTED' || state === 'FAILED') {
    if (await markFinished(jobId, state, progress.counts, isoDateTime(now))) {
      logger.debug('Bulk job finished', { job_id: jobId, state, lines: job.lines_total, ...progress.counts });
      return;
    }
    // Aborted or failed meanwhile, or finished by another `finish` message.
    const latest = (await getBulkJobProgress(jobId))?.job;
    if (!latest || latest.finished_at) return;
    state = latest.state;
  }
}

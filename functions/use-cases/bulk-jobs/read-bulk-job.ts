import { InputChangedError, objectIdentity, readObjectFrom } from '../../adapters/bulk-jobs/job-objects.js';
import { sendBulkJobMessages } from '../../adapters/queue/bulk-job-lines-queue.js';
import { integerEnv } from '../../config.js';
import { CLAIM_MARGIN_SECONDS, claimExpiryOf, type Invocation, reserveMs } from '../../invocation-clock.js';
import { logger } from '../../logger.js';
import { inputChanged, MAX_INPUT_BYTES } from '../../rules/bulk-jobs/bulk-job.js';
import { ChunkCutter, type CutChunk, START } from '../../rules/bulk-jobs/chunk-cutter.js';
import { linesMessage, READ_BATCH, targetChunkBytes } from '../../rules/bulk-jobs/engine.js';
import { claimNow } from '../../rules/claims/claim.js';
import { isoDateTime } from '../../rules/values/dates.js';
import { chunksDone } from '../../store/bulk-job-line-store.js';
import {
  claimRead,
  markFailed,
  markReadDone,
  releaseRead,
  saveReadPosition,
} from '../../store/bulk-job-read-claim-store.js';
import { markStopped, type StoredBulkJob } from '../../store/bulk-job-store.js';
import { finishIfDone } from './finish-bulk-job.js';

/** The environment's `bulkJobConcurrency`: the reader sizes chunks so that every worker gets several. */
const CONCURRENCY = integerEnv('DATA_IMPORT_BULK_JOB_CONCURRENCY', 8, { min: 1, max: 1000 });
/** The reader stops sending (and notes where it stands) with this little of its invocation left. */
const STOP_RESERVE_MS = 20_000;

/**
 * - `continue`: read from where the last reader of the job stopped (a started job; the same job
 *   handed over again after a reader died), sending every chunk from there.
 * - `resend`: read the whole input again and send every chunk not counted yet: messages a queue
 *   lost (a local queue killed with the runtime, a dead-lettered chunk re-driven by an operator).
 */
export type ReadMode = 'continue' | 'resend';

/**
 * - `read`: the reader got to the end; `done`: nothing to read (read before, job finished,
 *   failed or gone);
 * - `held`: another reader holds the job's read, until `held` (a claim expiry);
 * - `not-started`: the job is still OPEN (its start has not written its state yet, or died);
 * - `stopped`: the invocation ran out of time; its position is noted, the next reader goes on.
 */
export type ReadOutcome = 'read' | 'done' | 'not-started' | 'stopped' | { held: string };

/**
 * Reads a started job's input once, as a stream, and sends its lines to the queue as chunks
 * (line numbers and byte ranges, ./functions/rules/bulk-jobs/chunk-cutter.ts), noting after
 * every batch where it stands, under the job's read claim (one reader at a time; a dead reader's
 * claim expires after its deadline). At the end the job's totals are known. A missing input
 * (or one over 5 GiB) fails the job: it could not run at all.
 */
export async function readBulkJob(
  jobId: string,
  mode: ReadMode,
  invocation: Invocation,
): Promise<ReadOutcome> {
  const claimed = await claimRead(
    jobId,
    invocation.holder,
    claimExpiryOf(invocation, CLAIM_MARGIN_SECONDS),
    new Date(),
    mode === 'resend',
  );
  if (claimed === 'not-started' || claimed === 'done' || 'held' in claimed) {
    // Read before: a reader may have died between noting the read done and looking whether the
    // job is complete, after the workers had counted every chunk (none of them could finish a job
    // whose read was not done). The message delivered again looks in its place.
    if (claimed === 'done') await finishIfDone(jobId);
    return claimed;
  }
  const job = claimed;
  const input = await objectIdentity(job.input_key);
  if (input && job.input_etag && input.etag !== job.input_etag) return endAtChangedInput(job, invocation);
  const size = input?.size;
  if (size === undefined || size > MAX_INPUT_BYTES) {
    await markFailed(
      jobId,
      invocation.holder,
      size === undefined
        ? { code: 'bulk_job_input_missing', detail: 'The job’s input object could not be found.' }
        : { code: 'bulk_job_input_too_large', detail: `The input is larger than ${MAX_INPUT_BYTES} bytes.` },
      isoDateTime(new Date()),
    );
    return 'done';
  }
  return readInput(job, mode, size, invocation);
}

/** Reads the job's input (`size` bytes) from where `mode` says, sending its chunks, under the read claim. */
async function readInput(
  job: StoredBulkJob,
  mode: ReadMode,
  size: number,
  invocation: Invocation,
): Promise<ReadOutcome> {
  const jobId = job.job_id;
  const chunkBytes = job.chunk_bytes ?? targetChunkBytes(size, CONCURRENCY);
  const from = mode === 'resend' || !job.read ? START : job.read;
  const cutter = new ChunkCutter(from, chunkBytes);
  const pending: CutChunk[] = [];
  const send = chunkSender(job, mode, chunkBytes, invocation);

  /** Ends this reader before the end of the input: the next one goes on from the position noted. */
  const stop = async (stream: { destroy(): void } | undefined, outcome: ReadOutcome) => {
    stream?.destroy();
    if (outcome === 'stopped') await releaseRead(jobId, invocation.holder);
    return outcome;
  };

  if (from.offset < size) {
    let stream: Awaited<ReturnType<typeof readObjectFrom>>;
    try {
      stream = await readObjectFrom(job.input_key, from.offset, job.input_etag);
    } catch (error) {
      if (error instanceof InputChangedError) return endAtChangedInput(job, invocation);
      throw error;
    }
    for await (const bytes of stream ?? []) {
      pending.push(...cutter.push(bytes as Buffer));
      while (pending.length >= READ_BATCH) {
        if (!(await send(pending.splice(0, READ_BATCH)))) return stop(stream, lost());
        if (invocation.deadlineMs - Date.now() < reserveMs(invocation, STOP_RESERVE_MS))
          return stop(stream, 'stopped');
      }
    }
  }
  pending.push(...cutter.end());
  for (let start = 0; start < pending.length; start += READ_BATCH) {
    if (!(await send(pending.slice(start, start + READ_BATCH)))) return lost();
  }
  if (job.read_done) {
    await releaseRead(jobId, invocation.holder);
  } else {
    const totals = { lines: cutter.linesSeen, chunks: cutter.chunksCut };
    if (!(await markReadDone(jobId, invocation.holder, totals))) return lost();
    logger.debug('Bulk job read', { job_id: jobId, lines: totals.lines, chunks: totals.chunks, bytes: size });
  }
  await finishIfDone(jobId);
  return 'read';
}

/** The read claim was lost to another reader. */
const lost = (): ReadOutcome => ({ held: claimNow(new Date()) });

/**
 * Sends a batch of chunks to the lines queue (when resending, only those not counted yet) and
 * notes the position after them, unless noted already; false when the read claim is lost.
 */
function chunkSender(
  job: StoredBulkJob,
  mode: ReadMode,
  chunkBytes: number,
  invocation: Invocation,
): (chunks: CutChunk[]) => Promise<boolean> {
  const jobId = job.job_id;
  const noted = job.read?.offset ?? -1;
  return async (chunks) => {
    const counted =
      mode === 'resend'
        ? await chunksDone(
            jobId,
            chunks.map((c) => c.chunk),
          )
        : new Set<number>();
    await sendBulkJobMessages(chunks.filter((c) => !counted.has(c.chunk)).map((c) => linesMessage(jobId, c)));
    const next = (chunks.at(-1) as CutChunk).next;
    if (job.read_done || next.offset <= noted) return true;
    return saveReadPosition(jobId, invocation.holder, next, chunkBytes);
  };
}

/**
 * The input is not the object the job started with (uploaded again after the start): nothing more
 * is read from it. The job is FAILED with `bulk_job_input_changed` (unless it was aborted or had
 * failed already), and its lines are those the readers sent before (up to the position noted):
 * those chunks finish or end `NOT_PROCESSED`, and the job is finished once they are counted.
 */
async function endAtChangedInput(job: StoredBulkJob, invocation: Invocation): Promise<ReadOutcome> {
  await markStopped(job.job_id, inputChanged());
  logger.warn('Bulk job input changed after its start', { job_id: job.job_id });
  if (job.read_done) {
    await releaseRead(job.job_id, invocation.holder);
  } else {
    const at = job.read ?? START;
    const totals = { lines: at.lines, chunks: at.chunk };
    if (!(await markReadDone(job.job_id, invocation.holder, totals))) return { held: claimNow(new Date()) };
  }
  await finishIfDone(job.job_id);
  return 'read';
}

import { InputChangedError, readObjectRange } from '../../adapters/bulk-jobs/job-objects.js';
import { sendBulkJobMessages } from '../../adapters/queue/bulk-job-lines-queue.js';
import { integerEnv } from '../../config.js';
import { CLAIM_MARGIN_SECONDS, claimExpiryOf, type Invocation, reserveMs } from '../../invocation-clock.js';
import { logger } from '../../logger.js';
import { inputChanged, type LineCounts, MAX_LINE_BYTES, noLines } from '../../rules/bulk-jobs/bulk-job.js';
import {
  type Chunk,
  type ChunkLine,
  counterShardOf,
  LINE_START_RESERVE_SECONDS,
  linesMessage,
  MAX_DELAY_SECONDS,
  MAX_LINE_RUNS,
  SUPPLIER_RECHECK_SECONDS,
  TRANSIENT_RETRY_SECONDS,
} from '../../rules/bulk-jobs/engine.js';
import { lineText, parseLine } from '../../rules/bulk-jobs/input-line.js';
import {
  type LineResult,
  lineFailedResult,
  lineTooLargeResult,
  wasCutByPause,
} from '../../rules/bulk-jobs/line-result.js';
import { dryRunLine, loadLine } from '../../rules/bulk-jobs/load-line.js';
import { isClaimExpired, retryAfterSeconds } from '../../rules/claims/claim.js';
import {
  type ChunkDone,
  claimLine,
  markChunkDone,
  readChunk,
  releaseLine,
  type StoredLine,
  saveLineResult,
} from '../../store/bulk-job-line-store.js';
import { getBulkJob, markStopped, type StoredBulkJob } from '../../store/bulk-job-store.js';
import { getSupplier } from '../../store/supplier-store.js';
import { finishIfDone } from './finish-bulk-job.js';
import { inProcessStepSender, type StepHandlers } from './in-process-steps.js';
import { withCurrentAuthority } from './job-authority.js';

/** How long a chunk waits for its supplier to be Ongoing again before it looks again. */
const SUPPLIER_RECHECK = integerEnv('DATA_IMPORT_BULK_SUPPLIER_RECHECK_SECONDS', SUPPLIER_RECHECK_SECONDS, {
  min: 1,
  max: MAX_DELAY_SECONDS,
});

/**
 * What became of a chunk's message: `done` (every line ended and the chunk is counted, or the
 * job is gone), or `requeued` (sent again, after `delaySeconds`: the supplier is paused, a line
 * is held by another live worker, or this invocation is running out of time).
 */
export type ChunkOutcome = { outcome: 'done' } | { outcome: 'requeued'; delaySeconds: number; why: string };

/**
 * The text of each line of the chunk that is to be read, from one ranged GET of the input the job
 * started with (InputChangedError when it was uploaded again since).
 */
async function lineTexts(job: StoredBulkJob, lines: readonly ChunkLine[]): Promise<Map<number, string>> {
  const readable = lines.filter((line) => line.length <= MAX_LINE_BYTES);
  const texts = new Map<number, string>();
  const first = readable[0];
  const last = readable.at(-1);
  if (!first || !last) return texts;
  const bytes = await readObjectRange(job.input_key, first.offset, last.offset + last.length, job.input_etag);
  for (const line of readable) {
    const start = line.offset - first.offset;
    texts.set(line.line, lineText(bytes.subarray(start, start + line.length).toString('utf8')));
  }
  return texts;
}

function countsOf(results: readonly LineResult[], notProcessed: number): LineCounts {
  const counts = noLines();
  for (const result of results) {
    if (result.status === 'IMPORTED') counts.imported++;
    else if (result.status === 'PARTIAL') counts.partial++;
    else counts.failed++;
  }
  counts.not_processed = notProcessed;
  return counts;
}

/**
 * One line run as `npm run etl -- load` (or `--dry-run`) runs it. Whatever the line holds, it ends
 * with a result: a line over the size limit is never read, and a run that throws (a defect, not
 * an answer of the API) ends the line FAILED `line_failed` instead of failing its chunk.
 */
async function runLine(
  job: StoredBulkJob,
  line: ChunkLine,
  text: string | undefined,
  send: ReturnType<typeof inProcessStepSender>,
): Promise<{ result: LineResult; final: boolean }> {
  if (line.length > MAX_LINE_BYTES)
    return { result: lineTooLargeResult(line.line, MAX_LINE_BYTES), final: true };
  const input = parseLine(text ?? '', line.line);
  try {
    return job.dry_run
      ? await dryRunLine(send, input, job.import_supplier)
      : await loadLine(send, input, job.import_supplier);
  } catch (error) {
    logger.error('A bulk job line threw; it ends FAILED', {
      job_id: job.job_id,
      line: line.line,
      error: error as Error,
    });
    return { result: lineFailedResult(line.line, input.externalAccountNumber, error), final: true };
  }
}

/**
 * Runs one chunk of a bulk job: each line not ended yet, one after another, exactly as
 * `npm run etl -- load` (or `--dry-run`) runs a line, through the routes' own handlers in this
 * process. Before the chunk: the job must still act with current authority (./job-authority.ts).
 * Before each line: the job must still be IN_PROGRESS (an abort or a failure starts no new line),
 * its supplier not Paused (else the chunk comes back later; a Complete supplier's lines run and
 * fail as `load`'s do), enough time left, and the line's claim taken (a line another live worker
 * holds makes the chunk come back once its claim ends). A line already ended is not run again; a
 * line whose result holds a transient failure runs again later (MAX_LINE_RUNS in all), and one a
 * pause cut short runs again once the supplier is Ongoing. Once every line has ended (or an abort
 * or a failure left the rest `NOT_PROCESSED`), the chunk is counted once, and the job is finished
 * if it was its last.
 */
export async function runBulkJobChunk(
  jobId: string,
  chunk: Chunk,
  handlers: StepHandlers,
  invocation: Invocation,
): Promise<ChunkOutcome> {
  let job = await getBulkJob(jobId);
  if (!job || job.finished_at) return { outcome: 'done' };
  // A chunk past the job's last one: sent by a reader that died before noting it, and the job's
  // lines were settled without it (its input changed): it is not the job's.
  if (job.read_done && job.chunks_total !== null && chunk.chunk >= job.chunks_total)
    return { outcome: 'done' };
  const stored = await readChunk(jobId, chunk.chunk);
  if (stored.done) {
    await finishIfDone(jobId, counterShardOf(chunk.chunk));
    return { outcome: 'done' };
  }
  const requeue = async (delaySeconds: number, why: string): Promise<ChunkOutcome> => {
    const delay = Math.max(0, Math.min(MAX_DELAY_SECONDS, Math.ceil(delaySeconds)));
    await sendBulkJobMessages([linesMessage(jobId, chunk)], delay);
    logger.debug('Bulk job chunk handed back to the queue', {
      job_id: jobId,
      chunk: chunk.chunk,
      why,
      delay,
    });
    return { outcome: 'requeued', delaySeconds: delay, why };
  };

  job = await withCurrentAuthority(job);
  const auth = { organisation: job.organisation, suppliers: [job.import_supplier] };
  const send = inProcessStepSender(handlers, auth, invocation);
  const pending = chunk.lines.filter((line) => !stored.lines.get(line.line)?.result);
  /** The results this invocation wrote (the chunk's other lines' are in `stored`). */
  const written = new Map<number, LineResult>();
  let texts: Map<number, string> | undefined;
  for (const [index, line] of pending.entries()) {
    if (job.state !== 'IN_PROGRESS') break;
    const supplier = await getSupplier(job.import_supplier);
    if (supplier?.status === 'Paused') return requeue(SUPPLIER_RECHECK, 'supplier Paused');
    if (invocation.deadlineMs - Date.now() < reserveMs(invocation, LINE_START_RESERVE_SECONDS * 1000)) {
      return requeue(0, 'out of time');
    }
    if (!texts) {
      try {
        texts = await lineTexts(job, pending);
      } catch (error) {
        if (!(error instanceof InputChangedError)) throw error;
        job = (await markStopped(jobId, inputChanged())) ?? job;
        break;
      }
    }
    const now = new Date();
    const claim = await claimLine(jobId, chunk.chunk, line.line, {
      holder: invocation.holder,
      expiresAt: claimExpiryOf(invocation, CLAIM_MARGIN_SECONDS),
      now,
      // The job was read just now for the first line; for the others the claim checks it is still running.
      whileJobRuns: index > 0,
    });
    if (claim.outcome === 'job-stopped') {
      job = (await getBulkJob(jobId)) ?? job;
      break;
    }
    if (claim.outcome === 'done') continue;
    if (claim.outcome === 'held') return requeue(retryAfterSeconds(claim.until, now), 'line held');
    const run = await runLine(job, line, texts.get(line.line), send);
    if (wasCutByPause(run.result)) {
      // Not a failure of the line: it runs again, whole, after the resume.
      await releaseLine(jobId, chunk.chunk, line.line, invocation.holder, { countsAsRun: false });
      return requeue(SUPPLIER_RECHECK, 'supplier paused while a line ran');
    }
    const attempts = stored.lines.get(line.line)?.transientAttempts ?? 0;
    if (!run.final && attempts + 1 < MAX_LINE_RUNS) {
      await releaseLine(jobId, chunk.chunk, line.line, invocation.holder);
      return requeue(TRANSIENT_RETRY_SECONDS, 'transient failure');
    }
    if (await saveLineResult(jobId, chunk.chunk, run.result, invocation.holder, Date.now())) {
      written.set(line.line, run.result);
    }
  }
  const known = chunk.lines.map((line) => written.get(line.line) ?? stored.lines.get(line.line)?.result);
  if (known.every((result) => result !== undefined)) {
    // Every line's result is known here: the chunk is counted without reading it again.
    return countChunk(job, chunk, known as LineResult[], []);
  }
  return endChunk(job, chunk, requeue);
}

/**
 * Counts the chunk once every line has ended. After an abort, a line no worker started is
 * `NOT_PROCESSED` (its account number read from the input), and a line another live worker
 * still runs is waited for.
 */
async function endChunk(
  job: StoredBulkJob,
  chunk: Chunk,
  requeue: (delaySeconds: number, why: string) => Promise<ChunkOutcome>,
): Promise<ChunkOutcome> {
  const { lines, done } = await readChunk(job.job_id, chunk.chunk);
  if (done) return { outcome: 'done' };
  const now = new Date();
  const results: LineResult[] = [];
  const unstarted: ChunkLine[] = [];
  for (const line of chunk.lines) {
    const stored: StoredLine | undefined = lines.get(line.line);
    if (stored?.result) results.push(stored.result);
    else if (stored?.claim && !isClaimExpired(stored.claim.until, now))
      return requeue(retryAfterSeconds(stored.claim.until, now), 'line in flight');
    else unstarted.push(line);
  }
  if (unstarted.length > 0 && job.state === 'IN_PROGRESS') {
    // A line whose claim expired (its worker died) while the job still runs: run the chunk again.
    return requeue(0, 'line abandoned');
  }
  return countChunk(job, chunk, results, unstarted);
}

/** The lines' texts, for their account numbers; none when the input is no longer the job's. */
async function notProcessedTexts(
  job: StoredBulkJob,
  lines: readonly ChunkLine[],
): Promise<Map<number, string>> {
  try {
    return await lineTexts(job, lines);
  } catch (error) {
    if (error instanceof InputChangedError) return new Map();
    throw error;
  }
}

/**
 * Counts the chunk (once, whatever its deliveries) with its lines' results and the lines no
 * worker started (`NOT_PROCESSED`, their account numbers read from the input), then finishes the
 * job if it was its last chunk.
 */
async function countChunk(
  job: StoredBulkJob,
  chunk: Chunk,
  results: readonly LineResult[],
  unstarted: readonly ChunkLine[],
): Promise<ChunkOutcome> {
  const texts = unstarted.length > 0 ? await notProcessedTexts(job, unstarted) : new Map<number, string>();
  const notProcessed: ChunkDone['not_processed'] = unstarted.map((line) => [
    line.line,
    texts.has(line.line) ? parseLine(texts.get(line.line) as string, line.line).externalAccountNumber : null,
  ]);
  await markChunkDone(
    job.job_id,
    chunk.chunk,
    countsOf(results, notProcessed.length),
    notProcessed,
    Date.now(),
  );
  // Only the chunk's own shard is read, unless this chunk completed it.
  await finishIfDone(job.job_id, counterShardOf(chunk.chunk));
  return { outcome: 'done' };
}

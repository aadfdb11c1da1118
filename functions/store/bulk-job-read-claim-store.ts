import { type BulkJobError, noLines } from '../rules/bulk-jobs/bulk-job.js';
import type { ReadPosition } from '../rules/bulk-jobs/chunk-cutter.js';
import { claimNow } from '../rules/claims/claim.js';
import { conditionalUpdate, getBulkJob, type StoredBulkJob } from './bulk-job-store.js';

/**
 * A bulk job's read: one reader at a time holds it (the one claim model: a holder and an expiry
 * in the job item), saves its position after the chunks it sent, and marks the read done once
 * every line is read and its chunk sent, or fails the job when it cannot run at all.
 */
/**
 * Takes the job's read for `holder` until `expiresAt` (the one claim model's expiry): free, expired, or already its
 * own, and the read not done (unless `evenIfRead`). Otherwise: `held` (until when another live
 * reader holds it), `not-started` (the job is still OPEN), or `done` (nothing to read: read
 * before, finished, failed or gone).
 */
export async function claimRead(
  jobId: string,
  holder: string,
  expiresAt: string,
  now: Date,
  evenIfRead: boolean,
): Promise<StoredBulkJob | { held: string } | 'not-started' | 'done'> {
  const claimed = await conditionalUpdate(jobId, {
    expression: 'SET reader_holder = :holder, reader_expires_at = :expires',
    condition:
      `#state IN (:in_progress, :aborted, :failed) AND attribute_not_exists(finished_at)${evenIfRead ? '' : ' AND attribute_not_exists(read_done)'} ` +
      'AND (attribute_not_exists(reader_expires_at) OR reader_expires_at <= :now OR reader_holder = :holder)',
    values: {
      ':holder': holder,
      ':expires': expiresAt,
      ':in_progress': 'IN_PROGRESS',
      ':aborted': 'ABORTED',
      ':failed': 'FAILED',
      ':now': claimNow(now),
    },
  });
  if (claimed) return claimed;
  const job = await getBulkJob(jobId);
  if (job?.state === 'OPEN') return 'not-started';
  if (!job || (job.read_done && !evenIfRead) || job.finished_at) return 'done';
  if (job.state === 'COMPLETE') return 'done';
  return { held: job.reader_expires_at ?? claimNow(now) };
}

/** Gives the read claim up (a reader that stops before the end, or re-sent what a queue lost). */
export async function releaseRead(jobId: string, holder: string): Promise<void> {
  await conditionalUpdate(jobId, {
    expression: 'REMOVE reader_holder, reader_expires_at',
    condition: 'reader_holder = :holder',
    values: { ':holder': holder },
  });
}

/** The reader's position after the chunks it sent; false when its claim is lost. */
export async function saveReadPosition(
  jobId: string,
  holder: string,
  position: ReadPosition,
  chunkBytes: number,
): Promise<boolean> {
  const saved = await conditionalUpdate(jobId, {
    expression: 'SET #read = :read, chunk_bytes = :chunk_bytes',
    condition: 'reader_holder = :holder',
    names: { '#read': 'read' },
    values: { ':read': position, ':chunk_bytes': chunkBytes, ':holder': holder },
  });
  return saved !== undefined;
}

/** Every line read and its chunk sent: the job's totals are known. */
export async function markReadDone(
  jobId: string,
  holder: string,
  totals: { lines: number; chunks: number },
): Promise<StoredBulkJob | undefined> {
  return conditionalUpdate(jobId, {
    expression:
      'SET read_done = :true, lines_total = :lines, chunks_total = :chunks REMOVE reader_holder, reader_expires_at',
    condition: 'reader_holder = :holder',
    values: { ':true': true, ':lines': totals.lines, ':chunks': totals.chunks, ':holder': holder },
  });
}

/** The job could not run at all (its input is missing or too large): FAILED, finished. */
export async function markFailed(
  jobId: string,
  holder: string,
  error: BulkJobError,
  at: string,
): Promise<StoredBulkJob | undefined> {
  return conditionalUpdate(jobId, {
    expression:
      'SET #state = :failed, #error = :error, finished_at = :at, final_counts = :none REMOVE reader_holder, reader_expires_at, gsi4pk, gsi4sk',
    condition: 'reader_holder = :holder AND #state = :in_progress',
    names: { '#error': 'error' },
    values: {
      ':failed': 'FAILED',
      ':error': error,
      ':at': at,
      ':none': noLines(),
      ':holder': holder,
      ':in_progress': 'IN_PROGRESS',
    },
  });
}

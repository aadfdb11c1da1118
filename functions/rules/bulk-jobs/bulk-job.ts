import { BULK_JOB_STATES } from '../../../schemas/api/resource-states.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.js';

/**
 * A bulk import job: a file of account bundles (the ETL kit's format) uploaded to the service,
 * which loads it line by line in the cloud. Its states:
 *
 *   OPEN ──start──▶ IN_PROGRESS ──last line ends──▶ COMPLETE
 *     │                 │  │
 *     └──abort──▶ ABORTED ◀──abort──┘  └──input unreadable or changed, authority revoked──▶ FAILED
 *
 * `COMPLETE`, `ABORTED` and `FAILED` are final. An aborted job's lines in flight still finish,
 * and so do those of a job that failed while it ran (its input changed after the start, or its
 * organisation lost its keys or its scope over the supplier); the lines no worker started are
 * `NOT_PROCESSED`. Such a job is finished (`finished_at`, results) once no line is in flight. The
 * states themselves are the API's (schemas/api/resource-states.ts).
 */
export { BULK_JOB_STATES };
export type BulkJobState = (typeof BULK_JOB_STATES)[number];

/** Input objects may be as large as one S3 PUT allows. */
export const MAX_INPUT_BYTES = 5 * 1024 ** 3;
/** A longer line is not read: it is FAILED with `line_too_large`. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;
/** Presigned upload and results URLs are valid this long. */
export const URL_VALIDITY_SECONDS = 3600;

/** Why a job could not run at all, or stopped running (`FAILED`). */
export interface BulkJobError {
  code:
    | 'bulk_job_input_missing'
    | 'bulk_job_input_too_large'
    | 'bulk_job_input_changed'
    | 'bulk_job_authority_revoked';
  detail: string;
}

/** The input object was replaced after the start: its ETag is not the one the start recorded. */
export const inputChanged = (): BulkJobError => ({
  code: 'bulk_job_input_changed',
  detail:
    'The job’s input was uploaded again after the job started; the lines not run yet were not run. Create a new job for the new file.',
});

/** The job's organisation has no API key left, or no longer covers the job's supplier. */
export const authorityRevoked = (why: 'no-key' | 'out-of-scope'): BulkJobError => ({
  code: 'bulk_job_authority_revoked',
  detail:
    why === 'no-key'
      ? 'The job’s organisation has no API key that is not revoked; the lines not run yet were not run.'
      : 'The job’s organisation no longer acts for its import supplier; the lines not run yet were not run.',
});

export interface LineCounts {
  imported: number;
  partial: number;
  failed: number;
  not_processed: number;
}

export const noLines = (): LineCounts => ({ imported: 0, partial: 0, failed: 0, not_processed: 0 });

export interface BulkJob {
  job_id: string;
  /** Only this organisation may read or act on the job. */
  organisation: string;
  import_supplier: string;
  state: BulkJobState;
  dry_run: boolean;
  /** Date-times `YYYY-MM-DDTHH:MM:SSZ`; `created_at_ms` orders the list (ISO with milliseconds). */
  created_at: string;
  created_at_ms: string;
  started_at: string | null;
  finished_at: string | null;
  /** Non-blank lines of the input, once the reader has read it all. */
  lines_total: number | null;
  /** Set once the results object is written: no line is in flight any more. */
  results_written: boolean;
  error: BulkJobError | null;
}

/** The job as the API shows it. */
export interface BulkJobObject {
  job_id: string;
  import_supplier: string;
  state: BulkJobState;
  dry_run: boolean;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  lines: {
    total: number | null;
    processed: number;
    imported: number;
    partial: number;
    failed: number;
    not_processed: number;
  };
  upload: { url: string; method: 'PUT'; expires_at: string } | null;
  results_url: string | null;
  error: BulkJobError | null;
}

export function jobObject(
  job: BulkJob,
  counts: LineCounts,
  urls: { upload?: { url: string; expires_at: string }; results?: string },
): BulkJobObject {
  return {
    job_id: job.job_id,
    import_supplier: job.import_supplier,
    state: job.state,
    dry_run: job.dry_run,
    created_at: job.created_at,
    started_at: job.started_at,
    finished_at: job.finished_at,
    lines: {
      total: job.lines_total,
      processed: counts.imported + counts.partial + counts.failed,
      ...counts,
    },
    upload: job.state === 'OPEN' && urls.upload ? { ...urls.upload, method: 'PUT' } : null,
    results_url: job.results_written && urls.results ? urls.results : null,
    error: job.error,
  };
}

export const isFinalState = (state: BulkJobState) =>
  state === 'COMPLETE' || state === 'ABORTED' || state === 'FAILED';

/** Lines start only while the job is IN_PROGRESS (an abort stops new ones). */
export const mayStartLines = (state: BulkJobState) => state === 'IN_PROGRESS';

/** Job ids are random UUIDs; anything else names no job (no lookup). */
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const isPossibleJobId = (value: string) => JOB_ID.test(value);

/** A position in a job list: the creation time (ISO, milliseconds) and the job id. */
const LIST_POSITION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f-]{36}$/;
export const isBulkJobListPosition = (value: unknown): value is string =>
  typeof value === 'string' && LIST_POSITION.test(value);

/** 404 for a job id that is unknown or belongs to another organisation: the two look the same. */
export const jobNotFound = () => new NotFoundError('bulk_job_does_not_exist', 'No bulk job has this id.');

/**
 * What a job may still do for its organisation, judged before each chunk as a token holder is
 * judged at each request: the organisation must still hold an API key that is not revoked, and
 * its scope must still cover the job's supplier. Undefined when it may go on.
 */
export function authorityError(
  job: Pick<BulkJob, 'import_supplier'>,
  organisation: { suppliers: readonly string[] } | undefined,
  hasActiveKey: boolean,
): BulkJobError | undefined {
  if (!hasActiveKey) return authorityRevoked('no-key');
  if (!organisation?.suppliers.includes(job.import_supplier)) return authorityRevoked('out-of-scope');
  return undefined;
}

export const uploadMissing = () =>
  new BadRequestError(
    'bulk_job_upload_missing',
    'Nothing has been uploaded to the job’s upload URL yet; upload the file, then start the job.',
  );

/**
 * The upload was stored with a `Content-Encoding` (a `gzip` PUT, say): S3 keeps the bytes as
 * sent, and the job reads lines by byte ranges of the stored object, which compressed bytes do
 * not have.
 */
export const uploadEncoded = (encoding: string) =>
  new BadRequestError(
    'bulk_job_upload_encoded',
    `The upload was stored with Content-Encoding ${JSON.stringify(encoding)}; upload the file again as plain NDJSON (no Content-Encoding header), then start the job.`,
  );

/** Whether an object stored with this `Content-Encoding` holds its text as stored. */
export const isPlainEncoding = (encoding: string | undefined) =>
  encoding === undefined || encoding.trim() === '' || encoding.trim().toLowerCase() === 'identity';

export const notOpen = () =>
  new ConflictError('bulk_job_not_open', 'Only an OPEN job can be started; this one has already started.');

export const alreadyFinished = () =>
  new ConflictError('bulk_job_finished', 'The job has already finished; there is nothing to abort.');

/** 409 unless the job may start. */
export function requireOpen(job: Pick<BulkJob, 'state'>): void {
  if (job.state !== 'OPEN') throw notOpen();
}

/** 409 unless the job may be aborted: OPEN, or IN_PROGRESS. */
export function requireAbortable(job: Pick<BulkJob, 'state'>): void {
  if (job.state !== 'OPEN' && job.state !== 'IN_PROGRESS') throw alreadyFinished();
}

import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';

/**
 * A bulk import job: a file of account bundles (the ETL kit's format) uploaded to the service,
 * which loads it line by line in the cloud. Its states:
 *
 *   OPEN ──start──▶ IN_PROGRESS ──last line ends──▶ COMPLETE
 *     │                 │
 *     └──abort──▶ ABORTED ◀──abort──┘          IN_PROGRESS ──input unreadable──▶ FAILED
 *
 * `COMPLETE`, `ABORTED` and `FAILED` are final. An aborted job's lines in flight still finish;
 * it is finished (`finished_at`, results) once none is left.
 */
export const BULK_JOB_STATES = ['OPEN', 'IN_PROGRESS', 'COMPLETE', 'ABORTED', 'FAILED'] as const;
export type BulkJobState = (typeof BULK_JOB_STATES)[number];

/** Input objects may be as large as one S3 PUT allows. */
export const MAX_INPUT_BYTES = 5 * 1024 ** 3;
/** A longer line is not read: it is FAILED with `line_too_large`. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;
/** Presigned upload and results URLs are valid this long. */
export const URL_VALIDITY_SECONDS = 3600;

/** Why a job could not run at all (`FAILED`). */
export interface BulkJobError {
  code: 'bulk_job_input_missing' | 'bulk_job_input_too_large';
  detail: string;
}

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

export const uploadMissing = () =>
  new ValidationError(
    [
      {
        attr: 'upload',
        code: 'bulk_job_upload_missing',
        detail: 'Nothing has been uploaded to the job’s upload URL yet; upload the file, then start the job.',
      },
    ],
    'invalid_request',
    'The request could not be validated.',
  );

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

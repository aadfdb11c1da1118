import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { BulkJob, BulkJobError, BulkJobState, LineCounts } from '../rules/bulk-jobs/bulk-job.js';
import { noLines } from '../rules/bulk-jobs/bulk-job.js';
import type { ReadPosition } from '../rules/bulk-jobs/chunk-cutter.js';
import { COUNTER_SHARDS } from '../rules/bulk-jobs/engine.js';
import { batchGetItems, itemKey } from './batch-get.js';
import { isConditionFailure } from './condition-failure.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { indexKeys, keys } from './keys.js';

/**
 * Bulk jobs: one `JOB` item per job (state, the reader's position and claim, the final counts),
 * listed per supplier and organisation on gsi3 (newest first) and, while started and not
 * finished, on gsi4 for the engine's recovery; COUNTER_SHARDS counter items, each in its own
 * partition, to which finished chunks add their counts. Lines and chunks are in
 * ./bulk-job-line-store.ts, the listings in ./bulk-job-list-store.ts, the reader's claim and
 * position in ./bulk-job-read-claim-store.ts.
 */
export interface StoredBulkJob extends BulkJob {
  input_key: string;
  /** The input's ETag when the job started: every read of the input is conditioned on it. */
  input_etag: string | null;
  /** Input bytes per chunk, decided by the reader's first invocation. */
  chunk_bytes: number | null;
  /** Where the reader stands (after the last chunk it sent). */
  read: ReadPosition | null;
  read_done: boolean;
  chunks_total: number | null;
  reader_holder: string | null;
  reader_expires_at: string | null;
  /** The counts, kept in the job once it is finished. */
  final_counts: LineCounts | null;
}

export function toJob(item: Record<string, unknown>): StoredBulkJob {
  const nullable = <T>(value: unknown) => (value === undefined ? null : (value as T));
  return {
    job_id: String(item.job_id),
    organisation: String(item.organisation),
    import_supplier: String(item.import_supplier),
    state: item.state as BulkJobState,
    dry_run: item.dry_run === true,
    created_at: String(item.created_at),
    created_at_ms: String(item.created_at_ms),
    started_at: nullable(item.started_at),
    finished_at: nullable(item.finished_at),
    lines_total: nullable(item.lines_total),
    results_written: item.results_written === true,
    error: nullable<BulkJobError>(item.error),
    input_key: String(item.input_key),
    input_etag: nullable(item.input_etag),
    chunk_bytes: nullable(item.chunk_bytes),
    read: nullable(item.read),
    read_done: item.read_done === true,
    chunks_total: nullable(item.chunks_total),
    reader_holder: nullable(item.reader_holder),
    reader_expires_at: nullable(item.reader_expires_at),
    final_counts: nullable(item.final_counts),
  };
}

/** A new job; fields still `null` are not stored (conditions test whether they exist). */
export async function putNewBulkJob(job: BulkJob & { input_key: string }): Promise<void> {
  const fields = Object.fromEntries(Object.entries(job).filter(([, value]) => value !== null));
  await documentClient.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...keys.bulkJob(job.job_id),
        ...indexKeys.bulkJobs(job.import_supplier, job.organisation, job.created_at_ms, job.job_id),
        entity: 'BulkJob',
        ...fields,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getBulkJob(jobId: string): Promise<StoredBulkJob | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.bulkJob(jobId), ConsistentRead: true }),
  );
  return Item ? toJob(Item) : undefined;
}

/** Counts of the chunks finished so far, summed over the shards. */
export interface JobProgress {
  job: StoredBulkJob;
  counts: LineCounts;
  chunksDone: number;
}

/** The job and its counts in one BatchGetItem (the job item and every counter shard). */
export async function getBulkJobProgress(jobId: string): Promise<JobProgress | undefined> {
  const shardKeys = Array.from({ length: COUNTER_SHARDS }, (_, shard) => keys.bulkJobCounter(jobId, shard));
  const found = await batchGetItems([keys.bulkJob(jobId), ...shardKeys]);
  const item = found.get(itemKey(keys.bulkJob(jobId)));
  if (!item) return undefined;
  const job = toJob(item);
  const counts = noLines();
  let chunksDone = 0;
  for (const key of shardKeys) {
    const shard = found.get(itemKey(key));
    if (!shard) continue;
    chunksDone += Number(shard.chunks_done ?? 0);
    for (const name of Object.keys(counts) as (keyof LineCounts)[]) counts[name] += Number(shard[name] ?? 0);
  }
  return { job, counts: job.final_counts ?? counts, chunksDone };
}

/**
 * The job and one of its counter shards (one BatchGetItem): whether that shard has counted every
 * chunk it will count (`chunks_done` of the shard), once the job's chunks are known.
 */
export async function getJobAndShard(
  jobId: string,
  shard: number,
): Promise<{ job: StoredBulkJob; shardChunksDone: number } | undefined> {
  const found = await batchGetItems([keys.bulkJob(jobId), keys.bulkJobCounter(jobId, shard)]);
  const item = found.get(itemKey(keys.bulkJob(jobId)));
  if (!item) return undefined;
  const counter = found.get(itemKey(keys.bulkJobCounter(jobId, shard)));
  return { job: toJob(item), shardChunksDone: Number(counter?.chunks_done ?? 0) };
}

/** The counter shard's update for one finished chunk (in the chunk's DONE transaction). */
export function counterShardUpdate(jobId: string, shard: number, counts: LineCounts, expiresAt: number) {
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: keys.bulkJobCounter(jobId, shard),
      UpdateExpression:
        'SET expires_at = :expires ADD chunks_done :one, imported :imported, #partial :partial, failed :failed, not_processed :not_processed',
      // PARTIAL is one of DynamoDB's reserved words.
      ExpressionAttributeNames: { '#partial': 'partial' },
      ExpressionAttributeValues: {
        ':expires': expiresAt,
        ':one': 1,
        ':imported': counts.imported,
        ':partial': counts.partial,
        ':failed': counts.failed,
        ':not_processed': counts.not_processed,
      },
    },
  };
}

/** A conditional update of the job item; the job as it now stands, or undefined when the condition refused it. */
export async function conditionalUpdate(
  jobId: string,
  update: {
    expression: string;
    condition: string;
    names?: Record<string, string>;
    values: Record<string, unknown>;
    /** On a refused condition, answer the job as it stands (DynamoDB returns it with the refusal). */
    currentWhenRefused?: boolean;
  },
): Promise<StoredBulkJob | undefined> {
  const names = {
    ...(`${update.expression} ${update.condition}`.includes('#state') ? { '#state': 'state' } : {}),
    ...update.names,
  };
  try {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.bulkJob(jobId),
        UpdateExpression: update.expression,
        ConditionExpression: update.condition,
        ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: update.values,
        ReturnValues: 'ALL_NEW',
        ...(update.currentWhenRefused ? { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const } : {}),
      }),
    );
    return Attributes ? toJob(Attributes) : undefined;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const current = update.currentWhenRefused
      ? (error as { Item?: Parameters<typeof unmarshall>[0] }).Item
      : undefined;
    return current ? toJob(unmarshall(current)) : undefined;
  }
}

/**
 * OPEN → IN_PROGRESS (the start has sent the job's read message just before), with the ETag of
 * the input it started with, and listed among the unfinished jobs (gsi4). Undefined when the job
 * was not OPEN.
 */
export function markStarted(
  jobId: string,
  now: Date,
  startedAt: string,
  inputEtag: string,
): Promise<StoredBulkJob | undefined> {
  const index = indexKeys.unfinishedBulkJob(now.toISOString(), jobId);
  return conditionalUpdate(jobId, {
    expression:
      'SET #state = :started, started_at = :at, input_etag = :etag, gsi4pk = :gsi4pk, gsi4sk = :gsi4sk',
    condition: '#state = :open',
    values: {
      ':started': 'IN_PROGRESS',
      ':open': 'OPEN',
      ':at': startedAt,
      ':etag': inputEtag,
      ':gsi4pk': index.gsi4pk,
      ':gsi4sk': index.gsi4sk,
    },
  });
}

/**
 * IN_PROGRESS → FAILED with `error`, while it runs (its input changed, its authority is gone): no
 * new line starts, lines in flight finish, and the job is finished (results written) once every
 * chunk is counted, as an aborted one is. Answers the job as it now stands (stopped here, or
 * already no longer IN_PROGRESS), in the same request; undefined only when the job is gone.
 */
export function markStopped(jobId: string, error: BulkJobError): Promise<StoredBulkJob | undefined> {
  return conditionalUpdate(jobId, {
    expression: 'SET #state = :failed, #error = :error',
    condition: '#state = :in_progress AND attribute_not_exists(finished_at)',
    names: { '#error': 'error' },
    values: { ':failed': 'FAILED', ':error': error, ':in_progress': 'IN_PROGRESS' },
    currentWhenRefused: true,
  });
}

/**
 * OPEN or IN_PROGRESS → ABORTED. An OPEN job ran nothing: it is finished at once. Undefined when
 * the job was in neither state.
 */
export function markAborted(
  jobId: string,
  from: 'OPEN' | 'IN_PROGRESS',
  at: string,
): Promise<StoredBulkJob | undefined> {
  return conditionalUpdate(jobId, {
    expression:
      from === 'OPEN'
        ? 'SET #state = :aborted, finished_at = :at, final_counts = :none'
        : 'SET #state = :aborted',
    condition: '#state = :from',
    values: {
      ':aborted': 'ABORTED',
      ':from': from,
      ...(from === 'OPEN' ? { ':at': at, ':none': noLines() } : {}),
    },
  });
}

/**
 * The results object is written: the job is finished, in `state` (COMPLETE for a job that ran to
 * its end, ABORTED for an aborted one, FAILED for one that failed while it ran), with its final
 * counts. Undefined when the job is no longer in `from` (an abort or a failure came in between:
 * finish it in that state) or is finished already.
 */
export async function markFinished(
  jobId: string,
  from: 'IN_PROGRESS' | 'ABORTED' | 'FAILED',
  counts: LineCounts,
  at: string,
): Promise<StoredBulkJob | undefined> {
  return conditionalUpdate(jobId, {
    expression:
      'SET results_written = :true, final_counts = :counts, finished_at = :at, #state = :to REMOVE gsi4pk, gsi4sk',
    condition: 'attribute_not_exists(finished_at) AND #state = :from',
    values: {
      ':true': true,
      ':counts': counts,
      ':at': at,
      ':from': from,
      ':to': from === 'IN_PROGRESS' ? 'COMPLETE' : from,
    },
  });
}

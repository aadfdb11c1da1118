import { paginateQuery, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LineCounts } from '../rules/bulk-jobs/bulk-job.js';
import { counterShardOf } from '../rules/bulk-jobs/engine.js';
import type { LineResult } from '../rules/bulk-jobs/line-result.js';
import { claimNow } from '../rules/claims/claim.js';
import { batchGetItems, itemKey } from './batch-get.js';
import { counterShardUpdate } from './bulk-job-store.js';
import { isConditionFailure } from './condition-failure.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { BULK_JOB_LINE_PREFIX, keys } from './keys.js';
import { readResult, storedResult } from './stored-line-result.js';
import { transactWrite } from './transact-write.js';
import { transactWriteWithRetry } from './transact-write-retry.js';

/**
 * A bulk job's lines, one partition per chunk (the lines one queue message names):
 * - `LINE#<line>`: the line's claim while a worker runs it (holder, expiry), then its result;
 * - `DONE`: written once, when every line of the chunk has ended, in the same transaction that
 *   adds the chunk's counts to one of the job's counter shards: each chunk is counted exactly once
 *   however often its message is delivered.
 * Line items, DONE items and counter shards expire LINE_ITEMS_DAYS after they were written; a
 * finished job keeps its counts in the job item and its results in the results object.
 */
export const LINE_ITEMS_DAYS = 90;

const expiresAt = (nowMs: number) => Math.floor(nowMs / 1000) + LINE_ITEMS_DAYS * 86_400;

export type LineClaim =
  | { outcome: 'claimed' }
  | { outcome: 'done' }
  | { outcome: 'held'; until: string }
  /** The job is no longer IN_PROGRESS (an abort): no new line starts. */
  | { outcome: 'job-stopped' };

function claimUpdate(
  jobId: string,
  chunk: number,
  line: number,
  claim: { holder: string; expiresAt: string; now: Date },
) {
  return {
    TableName: TABLE_NAME,
    Key: keys.bulkJobLine(jobId, chunk, line),
    UpdateExpression: 'SET claim_holder = :holder, claim_expires_at = :until, expires_at = :expires',
    ConditionExpression:
      'attribute_not_exists(line_status) AND (attribute_not_exists(claim_expires_at) OR claim_expires_at <= :now OR claim_holder = :holder)',
    ExpressionAttributeValues: {
      ':holder': claim.holder,
      ':until': claim.expiresAt,
      ':now': claimNow(claim.now),
      ':expires': expiresAt(claim.now.getTime()),
    },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  };
}

/** What a refused claim found: the line ended, or held by another live worker until its claim's expiry. */
function refusedClaim(item: Record<string, unknown> | undefined, now: Date): LineClaim {
  if (item?.line_status) return { outcome: 'done' };
  return {
    outcome: 'held',
    until: typeof item?.claim_expires_at === 'string' ? item.claim_expires_at : claimNow(now),
  };
}

/**
 * Takes line `line` for `holder` until `expiresAt` (the one claim model's expiry,
 * functions/rules/claims/claim.ts): when it has no result and no live claim of another holder.
 * Otherwise says whether it is done or until when it is held. With `whileJobRuns`, the claim is
 * taken only while the job is still IN_PROGRESS, in the same request (a transaction with a
 * condition check of the job): no line starts once an abort is written.
 */
export async function claimLine(
  jobId: string,
  chunk: number,
  line: number,
  claim: { holder: string; expiresAt: string; now: Date; whileJobRuns: boolean },
): Promise<LineClaim> {
  const update = claimUpdate(jobId, chunk, line, claim);
  if (claim.whileJobRuns) {
    const outcome = await transactWrite([
      {
        ConditionCheck: {
          TableName: TABLE_NAME,
          Key: keys.bulkJob(jobId),
          ConditionExpression: '#state = :in_progress',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':in_progress': 'IN_PROGRESS' },
        },
      },
      { Update: update },
    ]);
    if (outcome.ok) return { outcome: 'claimed' };
    const [job, lineReason] = outcome.reasons;
    if (job?.code === 'ConditionalCheckFailed') return { outcome: 'job-stopped' };
    if (lineReason?.code === 'ConditionalCheckFailed') return refusedClaim(lineReason.item, claim.now);
    // A conflict with a concurrent write of the line: it is being taken by another worker now.
    return { outcome: 'held', until: claimNow(claim.now) };
  }
  try {
    await documentClient.send(new UpdateCommand(update));
    return { outcome: 'claimed' };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const raw = (error as { Item?: Record<string, { S?: string }> }).Item;
    const item = raw
      ? Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, value.S ?? value]))
      : undefined;
    return refusedClaim(item, claim.now);
  }
}

/**
 * The line's result, written only while `holder` holds its claim; false when the claim was
 * lost (it expired and another worker took the line over: that worker writes the result).
 */
export async function saveLineResult(
  jobId: string,
  chunk: number,
  result: LineResult,
  holder: string,
  nowMs: number,
): Promise<boolean> {
  const stored = storedResult(result);
  const [name, value] = Object.entries(stored)[0] as [string, unknown];
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.bulkJobLine(jobId, chunk, result.line),
        UpdateExpression:
          'SET line_status = :status, #result = :result, expires_at = :expires REMOVE claim_holder, claim_expires_at',
        ConditionExpression: 'claim_holder = :holder AND attribute_not_exists(line_status)',
        ExpressionAttributeNames: { '#result': name },
        ExpressionAttributeValues: {
          ':status': result.status,
          ':result': value,
          ':holder': holder,
          ':expires': expiresAt(nowMs),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The line ended in a transient failure (a claim another caller holds, throttling, a vendor
 * outage): its claim is given up and the failure counted, so it runs again later. A line a
 * supplier's pause cut short is given up without counting a run (`countsAsRun: false`): the pause
 * is not the line's failure.
 */
export async function releaseLine(
  jobId: string,
  chunk: number,
  line: number,
  holder: string,
  options: { countsAsRun: boolean } = { countsAsRun: true },
): Promise<void> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.bulkJobLine(jobId, chunk, line),
        UpdateExpression: options.countsAsRun
          ? 'ADD transient_attempts :one REMOVE claim_holder, claim_expires_at'
          : 'REMOVE claim_holder, claim_expires_at',
        ConditionExpression: 'claim_holder = :holder',
        ExpressionAttributeValues: options.countsAsRun
          ? { ':one': 1, ':holder': holder }
          : { ':holder': holder },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** A line of a chunk as stored: its result once it ended, else its claim (if any), and its runs that ended in a transient failure. */
export interface StoredLine {
  result?: LineResult;
  claim?: { holder: string; until: string };
  transientAttempts: number;
}

/** A chunk's `DONE` item: it was counted; the lines it left `NOT_PROCESSED`, with their account numbers. */
export interface ChunkDone {
  not_processed: [number, string | null][];
}

/** Everything stored for one chunk (strongly consistent: what the worker and the finisher decide on). */
export async function readChunk(
  jobId: string,
  chunk: number,
): Promise<{ lines: Map<number, StoredLine>; done?: ChunkDone }> {
  const lines = new Map<number, StoredLine>();
  let done: ChunkDone | undefined;
  const pages = paginateQuery(
    { client: documentClient },
    {
      TableName: TABLE_NAME,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.bulkJobChunkPartition(jobId, chunk) },
      ConsistentRead: true,
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      const sk = String(item.sk);
      if (sk === keys.bulkJobChunkDone(jobId, chunk).sk) {
        done = { not_processed: (item.not_processed ?? []) as ChunkDone['not_processed'] };
        continue;
      }
      if (!sk.startsWith(BULK_JOB_LINE_PREFIX)) continue;
      const line = Number(sk.slice(BULK_JOB_LINE_PREFIX.length));
      const result = readResult(item);
      lines.set(line, {
        transientAttempts: Number(item.transient_attempts ?? 0),
        ...(result ? { result } : {}),
        ...(!result && typeof item.claim_holder === 'string'
          ? { claim: { holder: item.claim_holder, until: String(item.claim_expires_at) } }
          : {}),
      });
    }
  }
  return { lines, ...(done ? { done } : {}) };
}

/** Which of these chunks are counted (their DONE item exists). */
export async function chunksDone(jobId: string, chunks: readonly number[]): Promise<Set<number>> {
  const found = await batchGetItems(chunks.map((chunk) => keys.bulkJobChunkDone(jobId, chunk)));
  return new Set(chunks.filter((chunk) => found.has(itemKey(keys.bulkJobChunkDone(jobId, chunk)))));
}

/**
 * Every line of the chunk has ended: its `DONE` item and its counts, in one transaction, once.
 * False when the chunk was counted already (another delivery of its message finished it).
 */
export async function markChunkDone(
  jobId: string,
  chunk: number,
  counts: LineCounts,
  notProcessed: ChunkDone['not_processed'],
  nowMs: number,
): Promise<boolean> {
  let counted = true;
  const items = [
    {
      Put: {
        TableName: TABLE_NAME,
        Item: {
          ...keys.bulkJobChunkDone(jobId, chunk),
          not_processed: notProcessed,
          counts,
          expires_at: expiresAt(nowMs),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    counterShardUpdate(jobId, counterShardOf(chunk), counts, expiresAt(nowMs)),
  ];
  // Concurrent chunks may update the same counter shard: a conflict is retried after a pause.
  await transactWriteWithRetry({
    items: () => (counted ? items : undefined),
    resolve: (reasons) => {
      if (reasons[0]?.code !== 'ConditionalCheckFailed') {
        throw new Error(`counting chunk ${chunk} of job ${jobId}: ${reasons.map((r) => r.code).join(', ')}`);
      }
      counted = false;
      return 'retry-now';
    },
  });
  return counted;
}

import { paginateQuery } from '@aws-sdk/lib-dynamodb';
import { type EventDetail, outboxPut } from '../events/outbox.js';
import { documentClient, LIMITS, TABLE_NAME } from './dynamodb.js';
import { indexKeys, keys } from './keys.js';
import { supplierCounterUpdate } from './supplier-counter-store.js';
import type { TransactItem } from './transact-write.js';
import { transactWriteWithRetry } from './transact-write-retry.js';

export interface PendingProcess {
  external_account_number: string;
  staged_at: string;
}

/** Pending processes of a supplier staged before `stagedBefore` (gsi2 PENDING Query, filtered). */
export async function findPendingStagedBefore(
  supplier: string,
  stagedBefore: Date,
): Promise<PendingProcess[]> {
  const found: PendingProcess[] = [];
  const pages = paginateQuery(
    { client: documentClient },
    {
      TableName: TABLE_NAME,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      FilterExpression: 'staged_at < :cutoff',
      ExpressionAttributeValues: {
        ':pk': indexKeys.processesInStatePartition(supplier, 'PENDING'),
        ':cutoff': stagedBefore.toISOString(),
      },
      ProjectionExpression: 'external_account_number, staged_at',
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) found.push(item as PendingProcess);
  }
  return found;
}

export interface Cancellation extends PendingProcess {
  event: EventDetail;
}

/** Two items per process (process update, staged delete) plus one outbox and one counter item per transaction. */
const PROCESSES_PER_TRANSACTION = Math.floor((LIMITS.transactWriteItems - 2) / 2);

function cancelItems(supplier: string, cancellation: Cancellation, now: Date): TransactItem[] {
  const external = cancellation.external_account_number;
  return [
    {
      Update: {
        TableName: TABLE_NAME,
        Key: keys.importProcess(supplier, external),
        UpdateExpression:
          'SET lifecycle = :cancelled, cancelled_at = :now, updated_at = :now REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk',
        ConditionExpression: 'lifecycle = :staged AND #status = :unknown AND staged_at = :staged_at',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':cancelled': 'CANCELLED',
          ':staged': 'STAGED',
          ':unknown': 'UNKNOWN',
          ':staged_at': cancellation.staged_at,
          ':now': now.toISOString(),
        },
      },
    },
    { Delete: { TableName: TABLE_NAME, Key: keys.stagedAccount(supplier, external) } },
  ];
}

/**
 * Cancels expired processes in batched transactions, each with its events in the outbox.
 * A process staged again, or taken for processing, since it was found fails its condition
 * and is left untouched (the rest of its batch is retried without it). Returns the
 * external account numbers actually cancelled.
 */
export async function cancelImportProcesses(
  supplier: string,
  cancellations: readonly Cancellation[],
  now: Date,
): Promise<string[]> {
  const cancelled: string[] = [];
  for (let start = 0; start < cancellations.length; start += PROCESSES_PER_TRANSACTION) {
    let batch = cancellations.slice(start, start + PROCESSES_PER_TRANSACTION);
    const wrote = await transactWriteWithRetry({
      items: () =>
        batch.length === 0
          ? undefined
          : [
              ...batch.flatMap((cancellation) => cancelItems(supplier, cancellation, now)),
              outboxPut(
                TABLE_NAME,
                batch.map((cancellation) => cancellation.event),
                now,
              ),
              // The supplier's counters: the cancelled accounts are no longer pending.
              supplierCounterUpdate(supplier, { pending: -batch.length }) as TransactItem,
            ],
      resolve: (reasons) => {
        const failed = new Set(
          reasons.flatMap((reason, index) =>
            reason.code === 'ConditionalCheckFailed' && index % 2 === 0 && index < batch.length * 2
              ? [index / 2]
              : [],
          ),
        );
        if (failed.size === 0)
          throw new Error(`Cancelling expired processes failed: ${reasons.map((r) => r.code)}`);
        batch = batch.filter((_, index) => !failed.has(index));
        return 'retry-now';
      },
    });
    if (wrote) cancelled.push(...batch.map((cancellation) => cancellation.external_account_number));
  }
  return cancelled;
}

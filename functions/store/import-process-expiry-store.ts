import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { type EventDetail, outboxPut } from '../events/outbox.js';
import { documentClient, LIMITS, TABLE_NAME } from './dynamodb.js';
import { indexKeys, keys } from './keys.js';
import { backoff, isConflictOnly, type TransactItem, transactWrite } from './transact-write.js';

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
  let ExclusiveStartKey: QueryCommandInput['ExclusiveStartKey'];
  do {
    const result = await documentClient.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        FilterExpression: 'staged_at < :cutoff',
        ExpressionAttributeValues: {
          ':pk': indexKeys.processesInStatePartition(supplier, 'PENDING'),
          ':cutoff': stagedBefore.toISOString(),
        },
        ProjectionExpression: 'external_account_number, staged_at',
        ExclusiveStartKey,
      }),
    );
    for (const item of result.Items ?? []) found.push(item as PendingProcess);
    ExclusiveStartKey = result.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
}

export interface Cancellation extends PendingProcess {
  event: EventDetail;
}

/** Two items per process (process update, staged delete) plus one outbox item per transaction. */
const PROCESSES_PER_TRANSACTION = Math.floor((LIMITS.transactWriteItems - 1) / 2);
const MAX_ATTEMPTS = 6;

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
    for (let attempt = 0; batch.length > 0; attempt++) {
      if (attempt >= MAX_ATTEMPTS)
        throw new Error('Expired import processes could not be cancelled (conflicts)');
      const result = await transactWrite([
        ...batch.flatMap((cancellation) => cancelItems(supplier, cancellation, now)),
        outboxPut(
          TABLE_NAME,
          batch.map((cancellation) => cancellation.event),
          now,
        ),
      ]);
      if (result.ok) {
        cancelled.push(...batch.map((cancellation) => cancellation.external_account_number));
        break;
      }
      if (isConflictOnly(result.reasons)) {
        await backoff(attempt);
        continue;
      }
      const failed = new Set(
        result.reasons.flatMap((reason, index) =>
          reason.code === 'ConditionalCheckFailed' && index % 2 === 0 && index < batch.length * 2
            ? [index / 2]
            : [],
        ),
      );
      if (failed.size === 0)
        throw new Error(`Cancelling expired processes failed: ${result.reasons.map((r) => r.code)}`);
      batch = batch.filter((_, index) => !failed.has(index));
    }
  }
  return cancelled;
}

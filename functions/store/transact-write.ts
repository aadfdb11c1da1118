import { setTimeout as sleep } from 'node:timers/promises';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { RetryableError } from '../errors.js';
import { documentClient } from './dynamodb.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Why each item of a cancelled transaction failed (`None` for the ones that did not). */
export interface CancellationReason {
  code: string;
  /** The item as stored, for conditions written with ReturnValuesOnConditionCheckFailure ALL_OLD. */
  item?: Record<string, unknown>;
}

export type TransactResult = { ok: true } | { ok: false; reasons: CancellationReason[] };

/**
 * One TransactWriteItems call. A transaction cancelled by a condition or a conflict is a
 * result (the caller decides), never an exception; one cancelled by throttling alone is a
 * retryable 503; any other error is thrown.
 */
export async function transactWrite(items: TransactItem[]): Promise<TransactResult> {
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
    return { ok: true };
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const raw =
      (error as { CancellationReasons?: { Code?: string; Item?: Record<string, AttributeValue> }[] })
        .CancellationReasons ?? [];
    const reasons = raw.map((reason) => ({
      code: reason.Code ?? 'None',
      ...(reason.Item ? { item: unmarshall(reason.Item) } : {}),
    }));
    if (isThrottledOnly(reasons)) {
      // Capacity, not a condition: the caller can do nothing with it, the client can retry.
      throw new RetryableError(
        'service_unavailable',
        'The service is temporarily unavailable; retry the request as it is.',
        503,
      );
    }
    return { ok: false, reasons };
  }
}

/** Cancellation codes that mean "too much load now": retrying later can succeed. */
const THROTTLING_CODES = new Set([
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
  'RequestLimitExceeded',
]);

/** True when a cancellation was caused by throttling and by no condition or conflict. */
function isThrottledOnly(reasons: readonly CancellationReason[]): boolean {
  return (
    reasons.some((reason) => THROTTLING_CODES.has(reason.code)) &&
    reasons.every((reason) => THROTTLING_CODES.has(reason.code) || reason.code === 'None')
  );
}

/** True when the cancellation was only a conflict with a concurrent transaction (retry it). */
export function isConflictOnly(reasons: readonly CancellationReason[]): boolean {
  return (
    reasons.some((reason) => reason.code === 'TransactionConflict') &&
    reasons.every((reason) => reason.code === 'TransactionConflict' || reason.code === 'None')
  );
}

/** A short random pause before retrying a conflicting transaction. */
export function backoff(attempt: number): Promise<void> {
  const ms = Math.min(400, 15 * 2 ** attempt) * (0.5 + Math.random());
  return sleep(ms);
}

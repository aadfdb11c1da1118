import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RetryableError } from '../errors.js';
import { type EventDetail, outboxPut } from '../events/outbox.js';
import {
  ERROR_EVENT_INTERVAL_SECONDS,
  FAILURE_WINDOW_SECONDS,
  failureWindowFloor,
  type VendorFailureRun,
} from '../rules/payments/vendor-failures.js';
import { isConditionFailure } from './condition-failure.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { keys } from './keys.js';
import { transactWriteWithRetry } from './transact-write-retry.js';

/**
 * Failures to reach a payment vendor, per vendor and reference
 * (`VENDORFAIL#<vendor>#<reference>` / `VENDORFAIL`), and the markers that limit the
 * `post_import.error` events about them (same partition, `ERROREVENT#<code>`). Both expire
 * through the table's TTL (`expires_at`, Unix seconds); DynamoDB deletes expired items
 * lazily, so every condition here checks the time itself.
 */

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Attempts of `recordVendorFailure` when concurrent failures keep changing the run under it. */
const RECORD_ATTEMPTS = 5;

/**
 * Counts one failure to reach the vendor for this reference and returns the run it belongs
 * to: the stored run when it started less than the failure window ago (one ADD), otherwise
 * a new run of one. Two concurrent failures never lose a count: each write is conditional
 * on what it read being still true.
 */
export async function recordVendorFailure(
  vendor: string,
  reference: string,
  now = new Date(),
): Promise<VendorFailureRun> {
  const nowSeconds = seconds(now);
  const key = keys.vendorFailures(vendor, reference);
  const expiresAt = nowSeconds + FAILURE_WINDOW_SECONDS;
  for (let attempt = 0; attempt < RECORD_ATTEMPTS; attempt++) {
    try {
      const { Attributes } = await documentClient.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: key,
          UpdateExpression: 'ADD failures :one',
          ConditionExpression: 'attribute_exists(pk) AND window_start > :floor',
          ExpressionAttributeValues: { ':one': 1, ':floor': failureWindowFloor(nowSeconds) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { failures: Number(Attributes?.failures), windowStart: Number(Attributes?.window_start) };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    try {
      await documentClient.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: key,
          UpdateExpression:
            'SET entity = :entity, failures = :one, window_start = :now, expires_at = :expires',
          ConditionExpression: 'attribute_not_exists(pk) OR window_start <= :floor',
          ExpressionAttributeValues: {
            ':entity': 'VendorFailures',
            ':one': 1,
            ':now': nowSeconds,
            ':expires': expiresAt,
            ':floor': failureWindowFloor(nowSeconds),
          },
        }),
      );
      return { failures: 1, windowStart: nowSeconds };
    } catch (error) {
      // A concurrent failure started the run first: count this one in it.
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new RetryableError();
}

/** The vendor answered for this reference: the next failure starts a new run. */
export async function clearVendorFailures(vendor: string, reference: string): Promise<void> {
  await documentClient.send(
    new DeleteCommand({ TableName: TABLE_NAME, Key: keys.vendorFailures(vendor, reference) }),
  );
}

/**
 * Writes the event unless one with the same code was written for this reference within the
 * event interval: a conditional put of the marker in the same transaction as the event's
 * outbox item. Returns whether the event was written.
 */
export async function writeVendorErrorEventOncePerInterval(
  vendor: string,
  reference: string,
  code: string,
  event: EventDetail,
  now = new Date(),
): Promise<boolean> {
  const nowSeconds = seconds(now);
  let alreadySent = false;
  return transactWriteWithRetry({
    items: () =>
      alreadySent
        ? undefined
        : [
            {
              Put: {
                TableName: TABLE_NAME,
                Item: {
                  ...keys.vendorErrorEventMarker(vendor, reference, code),
                  entity: 'VendorErrorEventMarker',
                  sent_at: nowSeconds,
                  expires_at: nowSeconds + ERROR_EVENT_INTERVAL_SECONDS,
                },
                ConditionExpression: 'attribute_not_exists(pk) OR expires_at <= :now',
                ExpressionAttributeValues: { ':now': nowSeconds },
              },
            },
            outboxPut(TABLE_NAME, [event], now),
          ],
    resolve: (reasons) => {
      if (reasons[0]?.code !== 'ConditionalCheckFailed') throw new RetryableError();
      alreadySent = true;
      return 'retry-now';
    },
  });
}

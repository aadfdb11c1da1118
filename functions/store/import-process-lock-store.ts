import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { type EventDetail, outboxPut } from '../events/outbox.js';
import { claimNow } from '../rules/claims/claim.js';
import { isConditionFailure } from './condition-failure.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import {
  LOCK_EXPIRED,
  type StoredImportProcess,
  toImportProcess,
  type WriteResult,
} from './import-process-store.js';
import { keys } from './keys.js';
import { transactWrite } from './transact-write.js';

/**
 * The creation lock of an import process (its `PROCESS` item): taken by a creation, given back
 * when it fails. The lock is a claim with an expiry (functions/rules/claims/claim.ts).
 */

/**
 * Takes the creation lock: UNKNOWN/STAGED (or IN_PROGRESS whose lock expired) → IN_PROGRESS,
 * with a token only the holder knows and the claim's expiry. On failure returns the stored
 * process (if any) to explain.
 */
export async function lockImportProcess(
  supplier: string,
  externalAccountNumber: string,
  lock: { token: string; now: Date; expiresAt: string },
): Promise<WriteResult<StoredImportProcess>> {
  try {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.importProcess(supplier, externalAccountNumber),
        UpdateExpression:
          'SET #status = :in_progress, lock_token = :token, in_progress_since = :at, ' +
          'lock_expires_at = :expires, updated_at = :at',
        ConditionExpression: `lifecycle = :staged AND (#status = :unknown OR (#status = :in_progress AND ${LOCK_EXPIRED}))`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':in_progress': 'IN_PROGRESS',
          ':unknown': 'UNKNOWN',
          ':staged': 'STAGED',
          ':token': lock.token,
          ':at': lock.now.toISOString(),
          ':now': claimNow(lock.now),
          ':expires': lock.expiresAt,
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { ok: true, value: toImportProcess(Attributes) as StoredImportProcess };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const item = (error as { Item?: Record<string, AttributeValue> }).Item;
    const existing = toImportProcess(item ? unmarshall(item) : undefined);
    return { ok: false, reasons: [{ code: 'ConditionalCheckFailed' }], ...(existing ? { existing } : {}) };
  }
}

/**
 * Gives the lock back after a failed creation, with the failure's events in the same
 * transaction. Before the creation's first write: IN_PROGRESS → UNKNOWN. After it (`begun`): the
 * process stays IN_PROGRESS, as the status endpoints must say until the account is whole, and
 * its claim expires now, so the next call takes it over at once and finishes the creation.
 * Returns false when the lock was no longer ours.
 */
export async function releaseImportProcess(
  supplier: string,
  externalAccountNumber: string,
  release: { token: string; now: Date; events: readonly EventDetail[]; begun?: boolean },
): Promise<boolean> {
  const update = {
    TableName: TABLE_NAME,
    Key: keys.importProcess(supplier, externalAccountNumber),
    ConditionExpression: 'lock_token = :token',
    ...(release.begun
      ? {
          UpdateExpression: 'SET lock_expires_at = :expired, updated_at = :now REMOVE lock_token',
          ExpressionAttributeValues: {
            ':expired': claimNow(release.now),
            ':now': release.now.toISOString(),
            ':token': release.token,
          },
        }
      : {
          UpdateExpression:
            'SET #status = :unknown, updated_at = :now REMOVE lock_token, in_progress_since, lock_expires_at',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':unknown': 'UNKNOWN',
            ':now': release.now.toISOString(),
            ':token': release.token,
          },
        }),
  };
  if (release.events.length === 0) {
    try {
      await documentClient.send(new UpdateCommand(update));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
  const result = await transactWrite([
    { Update: update },
    outboxPut(TABLE_NAME, release.events, release.now),
  ]);
  return result.ok;
}

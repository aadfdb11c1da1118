import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { keys } from './keys.js';

/**
 * Refresh tokens, stored only as SHA-256 hashes, bound to the API key (by its hash) that
 * obtained the first token. `expires_at` (Unix seconds) is also the table's TTL attribute;
 * DynamoDB deletes expired items lazily, so readers check it themselves.
 */
export interface RefreshTokenRecord {
  token_hash: string;
  key_hash: string;
  organisation: string;
  expires_at: number;
}

function itemOf(record: RefreshTokenRecord): Record<string, unknown> {
  return { ...keys.refreshToken(record.token_hash), entity: 'RefreshToken', ...record };
}

export async function getRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.refreshToken(tokenHash), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return {
    token_hash: String(Item.token_hash),
    key_hash: String(Item.key_hash),
    organisation: String(Item.organisation),
    expires_at: Number(Item.expires_at),
  };
}

export async function putRefreshToken(record: RefreshTokenRecord): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: itemOf(record),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * Rotation: deletes the used refresh token and stores its successor in one transaction.
 * Returns false when the used token is gone already (used concurrently, or expired and
 * removed), so one refresh token yields at most one successor.
 */
export async function rotateRefreshToken(
  usedTokenHash: string,
  successor: RefreshTokenRecord,
): Promise<boolean> {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: TABLE_NAME,
              Key: keys.refreshToken(usedTokenHash),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          {
            Put: {
              TableName: TABLE_NAME,
              Item: itemOf(successor),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    // Gone already, or losing a race with a concurrent use of the same token (which wins).
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    const usedToken = reasons?.[0]?.Code;
    if (
      (error as Error).name === 'TransactionCanceledException' &&
      (usedToken === 'ConditionalCheckFailed' || usedToken === 'TransactionConflict')
    ) {
      return false;
    }
    throw error;
  }
}

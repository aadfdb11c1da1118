import { GetCommand, PutCommand, paginateQuery, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { indexKeys, keys } from './keys.js';
import { listOperatorPartition } from './operator-listing.js';

/**
 * API keys, stored only as SHA-256 hashes (the hash is the partition key). `key_id` is the
 * public handle operators see and revoke by; the key itself is never stored.
 */
export interface ApiKeyRecord {
  key_id: string;
  key_hash: string;
  organisation: string;
  created_at: string;
  revoked_at?: string;
}

function toRecord(item: Record<string, unknown>): ApiKeyRecord {
  return {
    key_id: String(item.key_id),
    key_hash: String(item.key_hash),
    organisation: String(item.organisation),
    created_at: String(item.created_at),
    ...(typeof item.revoked_at === 'string' ? { revoked_at: item.revoked_at } : {}),
  };
}

/** The table item of an API key (its hash, never the key). */
export function apiKeyItem(record: ApiKeyRecord): Record<string, unknown> {
  return {
    ...keys.apiKey(record.key_hash),
    ...indexKeys.apiKeys(record.organisation, record.key_id),
    entity: 'ApiKey',
    ...record,
  };
}

export async function getApiKey(keyHash: string): Promise<ApiKeyRecord | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.apiKey(keyHash), ConsistentRead: true }),
  );
  return Item ? toRecord(Item) : undefined;
}

/** Stores a new key's hash; fails if that hash is already stored. */
export async function createApiKey(record: ApiKeyRecord): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: apiKeyItem(record),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * Stores a key hash from a seed file for an organisation. An existing key keeps its id,
 * creation time and revocation (applying a file never un-revokes a key).
 */
export async function upsertApiKey(
  keyHash: string,
  organisation: string,
  newKeyId: () => string,
): Promise<ApiKeyRecord> {
  const existing = await getApiKey(keyHash);
  const record: ApiKeyRecord = existing
    ? { ...existing, organisation }
    : { key_id: newKeyId(), key_hash: keyHash, organisation, created_at: new Date().toISOString() };
  await documentClient.send(new PutCommand({ TableName: TABLE_NAME, Item: apiKeyItem(record) }));
  return record;
}

/** Operator listing (gsi3), sorted by organisation then key id. */
export async function listApiKeys(): Promise<ApiKeyRecord[]> {
  return listOperatorPartition(indexKeys.apiKeysPartition, toRecord);
}

/**
 * Whether the organisation holds at least one API key that is not revoked: its keys are read on
 * gsi3 (`<organisation>#<key id>`), page after page until one is found.
 */
export async function hasActiveApiKey(organisation: string): Promise<boolean> {
  const pages = paginateQuery(
    { client: documentClient },
    {
      TableName: TABLE_NAME,
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk AND begins_with(gsi3sk, :prefix)',
      ExpressionAttributeValues: { ':pk': indexKeys.apiKeysPartition, ':prefix': `${organisation}#` },
    },
  );
  for await (const page of pages) {
    // Another organisation's name may begin with this one's and `#`: its keys are not this one's.
    const keys = (page.Items ?? []).map(toRecord).filter((key) => key.organisation === organisation);
    if (keys.some((key) => !key.revoked_at)) return true;
  }
  return false;
}

export type RevokeOutcome = 'revoked' | 'already_revoked' | 'not_found';

/** Marks the key revoked: it can no longer obtain or refresh tokens. */
export async function revokeApiKey(keyId: string): Promise<RevokeOutcome> {
  const record = (await listApiKeys()).find((candidate) => candidate.key_id === keyId);
  if (!record) return 'not_found';
  if (record.revoked_at) return 'already_revoked';
  await documentClient.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.apiKey(record.key_hash),
      UpdateExpression: 'SET revoked_at = if_not_exists(revoked_at, :now)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': new Date().toISOString() },
    }),
  );
  return 'revoked';
}

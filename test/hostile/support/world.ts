import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { applyOrganisation } from '../../../functions/auth/api-keys.js';
import { documentClient, TABLE_NAME } from '../../../functions/store/dynamodb.js';
import { indexKeys, keys } from '../../../functions/store/keys.js';
import { putSupplier } from '../../../functions/store/supplier-store.js';
import { putDocument } from '../../post-import/support/documents.js';
import { obtainServiceToken } from '../../support/auth.js';
import { putAccountDocuments } from '../../support/realistic-accounts/documents.js';

/**
 * A world of its own for each hostile test file: dedicated import suppliers (Ongoing,
 * Paused, Complete), an organisation whose API key is scoped to exactly those, and a
 * document under the Ongoing supplier's root. Other test files never touch these
 * partitions, so "nothing was written" can be checked on them while everything runs in
 * parallel.
 */
export interface HostileWorld {
  /** Ongoing supplier the token may act for. */
  supplier: string;
  paused: string;
  complete: string;
  rootLocation: string;
  /** A document path (relative to the root) whose object exists. */
  documentPath: string;
  apiKey: string;
  organisation: string;
  token: string;
}

export async function createWorld(label: string): Promise<HostileWorld> {
  const tag = `${label}-${randomBytes(4).toString('hex')}`.toUpperCase();
  const supplier = `HZ-${tag}`;
  const paused = `HZP-${tag}`;
  const complete = `HZC-${tag}`;
  const rootLocation = `hostile/${tag.toLowerCase()}`;
  for (const [code, status] of [
    [supplier, 'Ongoing'],
    [paused, 'Paused'],
    [complete, 'Complete'],
  ] as const) {
    await putSupplier({ code, status, root_location: rootLocation, expiry_window_days: 30 });
  }
  const documentPath = 'statements/2024/doc-1.pdf';
  await putDocument(`${rootLocation}/${documentPath}`);
  await putAccountDocuments([rootLocation]);
  const apiKey = `hostile-key-${randomBytes(16).toString('hex')}`;
  const organisation = `hostile-${tag.toLowerCase()}`;
  await applyOrganisation({
    name: organisation,
    suppliers: [supplier, paused, complete],
    api_keys: [apiKey],
  });
  const { token } = await obtainServiceToken({ APIKey: apiKey });
  return { supplier, paused, complete, rootLocation, documentPath, apiKey, organisation, token };
}

/** A unique external account number (a prefix the test can find in events). */
export function uniqueExternal(prefix = 'HZ'): string {
  return `${prefix}-${randomUUID()}`;
}

async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: QueryCommandInput['ExclusiveStartKey'];
  do {
    const page = await documentClient.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Every item of one table partition, strongly consistent, in sort key order. */
export function partitionItems(pk: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: TABLE_NAME,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ConsistentRead: true,
  });
}

/** Every index entry of one GSI partition (gsi1/gsi2: the supplier's process lists). */
export function indexItems(index: 'gsi1' | 'gsi2', partition: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: TABLE_NAME,
    IndexName: index,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': `${index}pk` },
    ExpressionAttributeValues: { ':pk': partition },
  });
}

function digest(items: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(items)).digest('hex');
}

/**
 * A fingerprint of everything a request of this world could have written: the given table
 * partitions (content, not just counts) and the supplier's process lists (gsi1 all, gsi2
 * pending and imported), which catch staging or creation under any external account number.
 */
export async function fingerprint(world: Pick<HostileWorld, 'supplier'>, partitions: readonly string[] = []) {
  const parts = await Promise.all([
    ...partitions.map((pk) => partitionItems(pk)),
    indexItems('gsi1', indexKeys.allProcessesPartition(world.supplier)),
    indexItems('gsi2', indexKeys.processesInStatePartition(world.supplier, 'PENDING')),
    indexItems('gsi2', indexKeys.processesInStatePartition(world.supplier, 'IMPORTED')),
  ]);
  return digest(parts);
}

export const accountPartition = (serviceAccountNumber: string) => keys.account(serviceAccountNumber).pk;
export const importPartition = (supplier: string, external: string) =>
  keys.importProcess(supplier, external).pk;

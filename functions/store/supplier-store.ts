import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { integerEnv } from '../config.js';
import type { ImportSupplier, SupplierStatus } from '../rules/supplier.js';
import { isConditionFailure } from './condition-failure.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { indexKeys, keys } from './keys.js';
import { listOperatorPartition } from './operator-listing.js';

/**
 * Import suppliers. Reads are cached in the Lambda for DATA_IMPORT_SUPPLIER_CACHE_SECONDS
 * (default 30 s; the local runtime uses 0), so an operator's status change reaches every
 * warm function within that time.
 */
const CACHE_SECONDS = integerEnv('DATA_IMPORT_SUPPLIER_CACHE_SECONDS', 30, { min: 0, max: 3600 });
const cache = new Map<string, { supplier: ImportSupplier | undefined; until: number }>();

function toSupplier(item: Record<string, unknown>): ImportSupplier {
  return {
    code: String(item.code),
    status: item.status as SupplierStatus,
    root_location: String(item.root_location ?? ''),
    expiry_window_days: Number(item.expiry_window_days),
    ...(item.settings && Object.keys(item.settings).length > 0
      ? { settings: item.settings as ImportSupplier['settings'] }
      : {}),
  };
}

export async function getSupplier(code: string): Promise<ImportSupplier | undefined> {
  const now = Date.now();
  const cached = cache.get(code);
  if (cached && cached.until > now) return cached.supplier;
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.supplier(code) }),
  );
  const supplier = Item ? toSupplier(Item) : undefined;
  if (CACHE_SECONDS > 0) cache.set(code, { supplier, until: now + CACHE_SECONDS * 1000 });
  return supplier;
}

/** Forget cached suppliers (tests; operators' changes otherwise apply after the cache time). */
export function clearSupplierCache(): void {
  cache.clear();
}

/** The stored item of a supplier. */
export function supplierItem(supplier: ImportSupplier, now = new Date()): Record<string, unknown> {
  return {
    ...keys.supplier(supplier.code),
    ...indexKeys.suppliers(supplier.code),
    entity: 'ImportSupplier',
    ...supplier,
    updated_at: now.toISOString(),
  };
}

export async function putSupplier(supplier: ImportSupplier): Promise<void> {
  await documentClient.send(new PutCommand({ TableName: TABLE_NAME, Item: supplierItem(supplier) }));
  cache.delete(supplier.code);
}

/** Sets the status of an existing supplier; returns false when the supplier does not exist. */
export async function setSupplierStatus(code: string, status: SupplierStatus): Promise<boolean> {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.supplier(code),
        UpdateExpression: 'SET #status = :status, updated_at = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':now': new Date().toISOString() },
      }),
    );
    cache.delete(code);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function listSuppliers(): Promise<ImportSupplier[]> {
  return listOperatorPartition(indexKeys.suppliersPartition, toSupplier);
}

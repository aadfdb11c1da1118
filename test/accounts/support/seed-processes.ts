import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient, LIMITS, TABLE_NAME } from '../../../functions/store/dynamodb.js';
import { indexKeys, keys } from '../../../functions/store/keys.js';
import { applySeed } from '../../../infra/ops/seed.js';
import { putAccountDocuments } from '../../support/realistic-accounts/documents.js';

/** A fresh Ongoing supplier, an organisation scoped to it, and an API key for it. */
export async function newSupplierWithKey(prefix = 'LIST'): Promise<{ supplier: string; apiKey: string }> {
  const supplier = `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}`;
  const apiKey = `test-key-${randomUUID()}`;
  await applySeed({
    suppliers: [
      { code: supplier, status: 'Ongoing', root_location: supplier.toLowerCase(), expiry_window_days: 30 },
    ],
    organisations: [{ name: `org-${supplier}`, suppliers: [supplier], api_keys: [apiKey] }],
  });
  // The documents its accounts name, in place as a migration team places them before creation.
  await putAccountDocuments([supplier.toLowerCase()]);
  return { supplier, apiKey };
}

export interface SeededProcess {
  external_account_number: string;
  service_account_number: string | null;
  account_created_at: string | null;
}

/**
 * Writes process items straight into the table (BatchWriteItem, 25 per request, a few in
 * parallel) with the same keys and index keys the store writes: every third one imported.
 */
export async function seedProcesses(
  supplier: string,
  externals: readonly string[],
): Promise<SeededProcess[]> {
  const now = new Date().toISOString();
  const seeded: SeededProcess[] = externals.map((external, index) =>
    index % 3 === 0
      ? {
          external_account_number: external,
          service_account_number: `A-${index.toString(16).toUpperCase().padStart(8, '0')}`,
          account_created_at: now.replace(/\.\d{3}Z$/, 'Z'),
        }
      : { external_account_number: external, service_account_number: null, account_created_at: null },
  );
  const items = seeded.map((process) => {
    const imported = process.service_account_number !== null;
    return {
      ...keys.importProcess(supplier, process.external_account_number),
      ...indexKeys.allProcesses(supplier, process.external_account_number),
      ...indexKeys.processesInState(
        supplier,
        imported ? 'IMPORTED' : 'PENDING',
        process.external_account_number,
      ),
      entity: 'ImportProcess',
      import_supplier: supplier,
      external_account_number: process.external_account_number,
      status: imported ? 'COMPLETED' : 'UNKNOWN',
      lifecycle: imported ? 'IMPORTED' : 'STAGED',
      staged_at: now,
      updated_at: now,
      ...(imported
        ? {
            service_account_number: process.service_account_number,
            account_created_at: process.account_created_at,
          }
        : {}),
    };
  });
  const batches: (typeof items)[] = [];
  for (let start = 0; start < items.length; start += LIMITS.batchWriteItem) {
    batches.push(items.slice(start, start + LIMITS.batchWriteItem));
  }
  const write = async (batch: typeof items) => {
    let requests: NonNullable<BatchWriteCommandInput['RequestItems']>[string] = batch.map((Item) => ({
      PutRequest: { Item },
    }));
    while (requests.length > 0) {
      const result = await documentClient.send(
        new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: requests } }),
      );
      requests = result.UnprocessedItems?.[TABLE_NAME] ?? [];
    }
  };
  const workers = Array.from({ length: 8 }, async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) await write(batch);
  });
  await Promise.all(workers);
  return seeded;
}

/** Code-point order (what DynamoDB's byte order of UTF-8 sort keys gives). */
export function byCodePoint(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

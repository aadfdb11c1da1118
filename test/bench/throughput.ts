import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BatchWriteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { accountNumbers, expectStatus, pool, type TimedClient } from './http-client.js';
import { accountPayload, transactionsPayload } from './payloads.js';

export interface ThroughputOptions {
  accounts: number;
  transactionsPerAccount: number;
  batchSize: number;
  concurrency: number;
}

/** Stages and creates `count` accounts; returns their external account numbers. */
export async function importAccounts(
  client: TimedClient,
  supplier: string,
  prefix: string,
  count: number,
  concurrency: number,
): Promise<string[]> {
  const numbers = accountNumbers(prefix, count);
  await pool(numbers, concurrency, async (external) => {
    const staged = await client.call(
      'stage',
      'POST',
      '/v1/data-import/account-import-process/create-or-update/',
      accountPayload(supplier, external),
    );
    expectStatus(staged, [200, 201], 'stage');
    const processed = await client.call(
      'process',
      'POST',
      '/v1/data-import/account-import-process/process/',
      {
        import_supplier: supplier,
        external_account_number: external,
      },
    );
    expectStatus(processed, [201], 'process');
  });
  return numbers;
}

/**
 * End to end over HTTP: every account receives its transactions in POSTs of `batchSize`. Like a
 * migration's ETL, each worker takes one account at a time and posts that account's batches in
 * order; `concurrency` workers run side by side on different accounts.
 */
export async function measureImport(
  client: TimedClient,
  supplier: string,
  accounts: readonly string[],
  options: ThroughputOptions,
): Promise<{ transactions: number; seconds: number; perSecond: number }> {
  const started = performance.now();
  await pool(accounts, options.concurrency, async (external) => {
    for (let start = 0; start < options.transactionsPerAccount; start += options.batchSize) {
      const size = Math.min(options.batchSize, options.transactionsPerAccount - start);
      const ids = Array.from({ length: size }, (_, i) => `${external}-T${start + i}`);
      const result = await client.call(
        'transactions',
        'POST',
        '/v1/data-import/transactions/create/',
        transactionsPayload(supplier, external, ids),
      );
      expectStatus(result, [201], 'transactions');
    }
  });
  const seconds = (performance.now() - started) / 1000;
  const transactions = accounts.length * options.transactionsPerAccount;
  return { transactions, seconds, perSecond: Math.round((transactions / seconds) * 10) / 10 };
}

/**
 * The machine's floor: the same number of items, of a similar size, written straight to the
 * same DynamoDB Local with TransactWriteItems of 100, at the same concurrency.
 */
export async function measureFloor(
  documents: DynamoDBDocumentClient,
  tableName: string,
  items: number,
  concurrency: number,
): Promise<{ seconds: number; perSecond: number }> {
  const chunks: number[][] = [];
  for (let start = 0; start < items; start += 100) {
    chunks.push(Array.from({ length: Math.min(100, items - start) }, (_, i) => start + i));
  }
  const run = randomUUID().slice(0, 8);
  const started = performance.now();
  await pool(chunks, concurrency, async (chunk) => {
    await documents.send(
      new TransactWriteCommand({
        TransactItems: chunk.map((i) => ({
          Put: {
            TableName: tableName,
            Item: {
              pk: `BENCHFLOOR#${run}#${Math.floor(i / 500)}`,
              sk: `TXN#${i}`,
              transaction_id: `T${i}`,
              transaction_date: '2026-03-15',
              amount: 1234,
              type: 'CHARGE',
              reason: 'IMPORTED_CHARGE',
              display_note: 'Imported charge',
              ledger_entry_id: i,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        })),
      }),
    );
  });
  const seconds = (performance.now() - started) / 1000;
  return { seconds, perSecond: Math.round((items / seconds) * 10) / 10 };
}

/** Seeds `count` import processes for a supplier straight into the table (list benchmarks). */
export async function seedProcesses(
  documents: DynamoDBDocumentClient,
  tableName: string,
  buildItem: (index: number) => Record<string, unknown>,
  count: number,
): Promise<void> {
  const batches: number[][] = [];
  for (let start = 0; start < count; start += 25) {
    batches.push(Array.from({ length: Math.min(25, count - start) }, (_, i) => start + i));
  }
  await pool(batches, 8, async (batch) => {
    let request: Record<string, unknown[]> | undefined = {
      [tableName]: batch.map((i) => ({ PutRequest: { Item: buildItem(i) } })),
    };
    while (request && Object.keys(request).length > 0) {
      const result = await documents.send(new BatchWriteCommand({ RequestItems: request as never }));
      request = result.UnprocessedItems as Record<string, unknown[]> | undefined;
    }
  });
}

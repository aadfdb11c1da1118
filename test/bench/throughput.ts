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

/**
 * The import beside its floor, measured in interleaved rounds. DynamoDB Local's speed drifts
 * over a run (JIT, garbage collection, a growing table, the rest of the machine), so one import
 * followed by one floor could give any ratio, above 1 included (seen: 0.68 to 1.21 on the same
 * commit). Each round posts a share of the accounts' transactions and writes the same number of
 * items straight to the table, alternating which goes first, so drift falls on both alike; the
 * figures are the totals over the rounds. A first, unmeasured round of one extra account warms
 * both paths.
 */
export async function measureImportAgainstFloor(
  client: TimedClient,
  documents: DynamoDBDocumentClient,
  tableName: string,
  supplier: string,
  accounts: readonly string[],
  warmUpAccount: string,
  options: ThroughputOptions & { rounds: number },
): Promise<{ transactions: number; importSeconds: number; floorSeconds: number }> {
  await measureImport(client, supplier, [warmUpAccount], options);
  await measureFloor(documents, tableName, options.transactionsPerAccount, options.concurrency);
  const rounds = Math.max(1, Math.min(options.rounds, accounts.length));
  let transactions = 0;
  let importSeconds = 0;
  let floorSeconds = 0;
  for (let round = 0; round < rounds; round++) {
    const share = accounts.filter((_, index) => index % rounds === round);
    const items = share.length * options.transactionsPerAccount;
    const postImport = async () => {
      importSeconds += (await measureImport(client, supplier, share, options)).seconds;
    };
    const writeFloor = async () => {
      floorSeconds += (await measureFloor(documents, tableName, items, options.concurrency)).seconds;
    };
    for (const step of round % 2 === 0 ? [postImport, writeFloor] : [writeFloor, postImport]) await step();
    transactions += items;
  }
  return { transactions, importSeconds, floorSeconds };
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

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as createTransactions } from '../../functions/handlers/create-transactions.js';
import { dynamoDbClient } from '../../functions/store/dynamodb.js';
import { RequestCounter } from '../support/request-counter.js';
import { createImportedAccount } from './support/imported-account.js';
import { type Handler, lambdaContext, postEvent } from './support/in-process.js';
import { paths, ref, exampleTransactions as tx } from './support/post-import-api.js';
import { accountItems } from './support/store.js';

// As deployed: a warm function keeps the supplier record for 30 s (the test runtime's default is 0).
vi.hoisted(() => {
  process.env.DATA_IMPORT_SUPPLIER_CACHE_SECONDS = '30';
});

const handler = createTransactions as unknown as Handler;
let counter: RequestCounter | undefined;
afterEach(() => counter?.detach());

async function postCounted(
  count: number,
  query?: Record<string, string>,
  account?: Awaited<ReturnType<typeof createImportedAccount>>,
  prefix = 'R',
) {
  account ??= await createImportedAccount();
  const transactions = Array.from({ length: count }, (_, i) => tx.charge(`${prefix}-${i}`, '2026-03-01'));
  counter = new RequestCounter().attach(dynamoDbClient);
  const response = await handler(
    postEvent({ path: paths.transactions, body: { ...ref(account), transactions }, query }),
    lambdaContext,
  );
  counter.detach();
  return { account, response, requests: counter.total(), byOperation: counter.byOperation() };
}

describe('Efficiency: DynamoDB requests grow with N/100, not with N', () => {
  // A warm function: its first call reads the supplier, later calls find it in the cache.
  beforeAll(async () => {
    await postCounted(1);
    counter = undefined;
  });

  it('a 100-transaction POST uses 3 DynamoDB requests (the process read and two writes; no pre-read, no separate id reservation)', async () => {
    // Act
    const { account, response, requests, byOperation } = await postCounted(100);
    // Assess
    expect(response.statusCode).toBe(201);
    expect(requests, JSON.stringify(byOperation)).toBeLessThanOrEqual(3);
    expect(byOperation.TransactWriteItemsCommand).toBe(2);
    expect(byOperation.UpdateItemCommand).toBeUndefined();
    expect(byOperation.BatchGetItemCommand).toBeUndefined();
    expect(await accountItems(account.service_account_number, 'TXN#')).toHaveLength(100);
  });

  it('a 1000-transaction POST uses at most 13 DynamoDB requests', async () => {
    // Act
    const { account, response, requests, byOperation } = await postCounted(1000);
    // Assess
    expect(response.statusCode).toBe(201);
    expect(requests, JSON.stringify(byOperation)).toBeLessThanOrEqual(13);
    const stored = await accountItems(account.service_account_number, 'TXN#');
    expect(stored).toHaveLength(1000);
    expect(new Set(stored.map((item) => item.ledger_entry_id)).size).toBe(1000);
  });

  it('with check_previously_added=false a 1000-transaction POST costs the same (there is no pre-read to skip)', async () => {
    // Act
    const { response, requests, byOperation } = await postCounted(1000, { check_previously_added: 'false' });
    // Assess
    expect(response.statusCode).toBe(201);
    expect(byOperation.BatchGetItemCommand).toBeUndefined();
    expect(requests, JSON.stringify(byOperation)).toBeLessThanOrEqual(13);
  });

  it('posting the same 1000 transactions again writes nothing and stays within 1.2 × the budget (15 requests)', async () => {
    // Prepare
    const first = await postCounted(1000);
    const transactions = Array.from({ length: 1000 }, (_, i) => tx.charge(`R-${i}`, '2026-03-01'));
    counter = new RequestCounter().attach(dynamoDbClient);
    // Act
    const response = await handler(
      postEvent({ path: paths.transactions, body: { ...ref(first.account), transactions } }),
      lambdaContext,
    );
    counter.detach();
    // Assess
    const results = JSON.parse(response.body).results as { status: string }[];
    expect(results.every((result) => result.status === 'TRANSACTION_ALREADY_EXISTS')).toBe(true);
    expect(counter.total(), JSON.stringify(counter.byOperation())).toBeLessThanOrEqual(15);
  });

  it('a ledger counter not where the process item hints (ids used before the hint existed) costs one extra write and one UpdateItem once; the next POST is back to 3', async () => {
    // Prepare
    const account = await createImportedAccount({ nextLedgerEntryId: 700 });
    // Act
    const first = await postCounted(100, undefined, account, 'S');
    const second = await postCounted(100, undefined, account, 'T');
    // Assess
    expect(first.byOperation, JSON.stringify(first.byOperation)).toEqual({
      GetItemCommand: 1,
      TransactWriteItemsCommand: 3,
      UpdateItemCommand: 1,
    });
    expect(second.requests, JSON.stringify(second.byOperation)).toBe(3);
    const stored = await accountItems(account.service_account_number, 'TXN#');
    expect(new Set(stored.map((item) => item.ledger_entry_id)).size).toBe(200);
    expect(Math.min(...stored.map((item) => Number(item.ledger_entry_id)))).toBe(700);
  });
});

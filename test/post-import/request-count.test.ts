import { afterEach, describe, expect, it } from 'vitest';
import { handler as createTransactions } from '../../functions/handlers/create-transactions.js';
import { dynamoDbClient } from '../../functions/store/dynamodb.js';
import { RequestCounter } from '../support/request-counter.js';
import { createImportedAccount } from './support/imported-account.js';
import { type Handler, lambdaContext, postEvent } from './support/in-process.js';
import { paths, ref, exampleTransactions as tx } from './support/post-import-api.js';
import { accountItems } from './support/store.js';

const handler = createTransactions as unknown as Handler;
let counter: RequestCounter | undefined;
afterEach(() => counter?.detach());

async function postCounted(count: number, query?: Record<string, string>) {
  const account = await createImportedAccount();
  const transactions = Array.from({ length: count }, (_, i) => tx.charge(`R-${i}`, '2026-03-01'));
  counter = new RequestCounter().attach(dynamoDbClient);
  const response = await handler(
    postEvent({ path: paths.transactions, body: { ...ref(account), transactions }, query }),
    lambdaContext,
  );
  counter.detach();
  return { account, response, requests: counter.total(), byOperation: counter.byOperation() };
}

describe('Efficiency: DynamoDB requests grow with N/100, not with N', () => {
  it('a 100-transaction POST uses at most 6 DynamoDB requests (reads, the id reservation, two writes)', async () => {
    // Act
    const { account, response, requests, byOperation } = await postCounted(100);
    // Assess
    expect(response.statusCode).toBe(201);
    expect(requests, JSON.stringify(byOperation)).toBeLessThanOrEqual(6);
    expect(byOperation.UpdateItemCommand).toBe(1);
    expect(byOperation.BatchGetItemCommand).toBe(1);
    expect(await accountItems(account.service_account_number, 'TXN#')).toHaveLength(100);
  });

  it('a 1000-transaction POST uses at most 25 DynamoDB requests', async () => {
    // Act
    const { account, response, requests, byOperation } = await postCounted(1000);
    // Assess
    expect(response.statusCode).toBe(201);
    expect(requests, JSON.stringify(byOperation)).toBeLessThanOrEqual(25);
    const stored = await accountItems(account.service_account_number, 'TXN#');
    expect(stored).toHaveLength(1000);
    expect(new Set(stored.map((item) => item.ledger_entry_id)).size).toBe(1000);
  });

  it('with check_previously_added=false a 1000-transaction POST skips the transactions pre-read', async () => {
    // Act
    const { response, requests, byOperation } = await postCounted(1000, { check_previously_added: 'false' });
    // Assess
    expect(response.statusCode).toBe(201);
    expect(byOperation.BatchGetItemCommand).toBeUndefined();
    expect(requests, JSON.stringify(byOperation)).toBeLessThanOrEqual(15);
  });

  it('posting the same 1000 transactions again writes nothing and stays within the budget', async () => {
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
    expect(counter.total(), JSON.stringify(counter.byOperation())).toBeLessThanOrEqual(25);
  });
});

import {
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { handler as createTransactions } from '../../functions/handlers/create-transactions.js';
import { dynamoDbClient } from '../../functions/store/dynamodb.js';
import { createImportedAccount } from './support/imported-account.js';
import { type Handler, lambdaContext, postEvent } from './support/in-process.js';
import { paths, ref, exampleTransactions as tx } from './support/post-import-api.js';
import { accountItems } from './support/store.js';

/**
 * Faults injected into the real DynamoDB Local traffic with client middleware: the chosen
 * TransactWriteItems calls fail before they reach DynamoDB, every other call goes through.
 */
const handler = createTransactions as unknown as Handler;
const FAULT = 'post-import-fault-injection';
afterEach(() => {
  dynamoDbClient.middlewareStack.remove(FAULT);
});

function failTransactWrites(failing: (call: number, items: number) => Error | undefined): void {
  let call = 0;
  dynamoDbClient.middlewareStack.add(
    (next, context) => async (args) => {
      if ((context as { commandName?: string }).commandName === 'TransactWriteItemsCommand') {
        call += 1;
        const items = ((args.input as { TransactItems?: unknown[] }).TransactItems ?? []).length;
        const error = failing(call, items);
        if (error) throw error;
      }
      return next(args);
    },
    { step: 'initialize', name: FAULT },
  );
}

const conflict = (items: number) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: Array.from({ length: items }, (_, i) => ({
      Code: i === 0 ? 'TransactionConflict' : 'None',
    })),
  });
const throttled = () => new ProvisionedThroughputExceededException({ message: 'Throttled', $metadata: {} });

const post = (body: unknown) => handler(postEvent({ path: paths.transactions, body }), lambdaContext);
const many = (count: number) => Array.from({ length: count }, (_, i) => tx.charge(`F-${i}`));

describe('Faults: a transaction conflict is retried', () => {
  it('adds every transaction once after a TransactionConflict on the first write', async () => {
    // Prepare
    const account = await createImportedAccount();
    failTransactWrites((call, items) => (call === 1 ? conflict(items) : undefined));
    // Act
    const response = await post({ ...ref(account), transactions: many(3) });
    // Assess
    expect(response.statusCode).toBe(201);
    const stored = await accountItems(account.service_account_number, 'TXN#');
    expect(stored.map((item) => item.ledger_entry_id).sort()).toEqual([1, 2, 3]);
  });
});

describe('Faults: throttling is a retryable 5xx and the retried request adds each transaction once', () => {
  it('answers 503 when DynamoDB throttles, then the same request succeeds without duplicates', async () => {
    // Prepare
    const account = await createImportedAccount();
    failTransactWrites(() => throttled());
    // Act
    const failed = await post({ ...ref(account), transactions: many(3) });
    dynamoDbClient.middlewareStack.remove(FAULT);
    const retried = await post({ ...ref(account), transactions: many(3) });
    // Assess
    expect(failed.statusCode).toBe(503);
    expect(JSON.parse(failed.body)).toEqual({
      code: 'service_unavailable',
      detail: 'The service is temporarily unavailable; retry the request as it is.',
    });
    expect(retried.statusCode).toBe(201);
    expect(await accountItems(account.service_account_number, 'TXN#')).toHaveLength(3);
  });

  it('a request failing after its first chunk is completed by the retry: each transaction stored once, ledger ids unique', async () => {
    // Prepare
    const account = await createImportedAccount();
    failTransactWrites((call) => (call === 2 ? throttled() : undefined));
    // Act
    const failed = await post({ ...ref(account), transactions: many(150) });
    dynamoDbClient.middlewareStack.remove(FAULT);
    const firstChunk = (await accountItems(account.service_account_number, 'TXN#')).length;
    const retried = await post({ ...ref(account), transactions: many(150) });
    // Assess
    expect(failed.statusCode).toBe(503);
    const statuses = (JSON.parse(retried.body).results as { status: string }[]).map(
      (result) => result.status,
    );
    expect(firstChunk).toBeGreaterThan(0);
    expect(firstChunk).toBeLessThan(150);
    expect(statuses.filter((status) => status === 'TRANSACTION_ALREADY_EXISTS')).toHaveLength(firstChunk);
    expect(statuses.filter((status) => status === 'TRANSACTION_ADDED_TO_ACCOUNT')).toHaveLength(
      150 - firstChunk,
    );
    const stored = await accountItems(account.service_account_number, 'TXN#');
    expect(stored).toHaveLength(150);
    expect(new Set(stored.map((item) => item.ledger_entry_id)).size).toBe(150);
  });
});

import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetryableError } from '../../functions/errors.js';
import { documentClient } from '../../functions/store/dynamodb.js';
import type { TransactItem } from '../../functions/store/transact-write.js';
import {
  MAX_WRITE_ATTEMPTS,
  retryPause,
  transactWriteWithRetry,
} from '../../functions/store/transact-write-retry.js';

const dynamo = mockClient(documentClient);

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const put = (id: string): TransactItem => ({ Put: { TableName: 't', Item: { pk: id, sk: id } } });

beforeEach(() => {
  dynamo.reset();
  vi.useFakeTimers({ toFake: ['setTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs the helper while advancing the fake clock through its pauses. */
async function run(...args: Parameters<typeof transactWriteWithRetry>) {
  const outcome = transactWriteWithRetry(...args).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

describe('Rule: a write cancelled only by a conflict with a concurrent transaction is retried after a pause', () => {
  it('retries the same items until they are written', async () => {
    // Prepare
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('TransactionConflict', 'None'))
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .resolves({});
    const resolve = vi.fn();
    // Act
    const outcome = await run({ items: () => [put('a'), put('b')], resolve });
    // Assess
    expect(outcome).toEqual({ value: true });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(3);
    expect(resolve).not.toHaveBeenCalled();
  });
});

describe('Rule: any other cancellation goes to the caller, which changes what is written next or gives up', () => {
  it('rebuilds the items after the caller resolved the cancellation (an item that exists is dropped)', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed', 'None')).resolves({});
    let ids = ['a', 'b'];
    // Act
    const outcome = await run({
      items: () => ids.map(put),
      resolve: (reasons) => {
        ids = ids.filter((_id, position) => reasons[position]?.code !== 'ConditionalCheckFailed');
        return 'retry-now';
      },
    });
    // Assess
    expect(outcome).toEqual({ value: true });
    const calls = dynamo.commandCalls(TransactWriteCommand);
    expect(calls.map((call) => call.args[0].input.TransactItems?.length)).toEqual([2, 1]);
  });

  it('returns false, writing nothing more, when nothing is left to write', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed'));
    let ids = ['a'];
    // Act
    const outcome = await run({
      items: () => (ids.length > 0 ? ids.map(put) : undefined),
      resolve: () => {
        ids = [];
        return 'retry-now';
      },
    });
    // Assess
    expect(outcome).toEqual({ value: false });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('passes on what the caller throws', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).rejects(cancelled('ValidationError'));
    // Act
    const outcome = await run({
      items: () => [put('a')],
      resolve: () => {
        throw new Error('cannot resolve');
      },
    });
    // Assess
    expect(outcome).toEqual({ error: new Error('cannot resolve') });
  });
});

describe('Rule: retries stop at one attempt limit or when the time budget is spent, as a 503 temporarily_unavailable', () => {
  it(`gives up after ${MAX_WRITE_ATTEMPTS} attempts of a write that keeps conflicting`, async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    // Act
    const outcome = await run(
      { items: () => [put('a')], resolve: () => 'retry-now' },
      { deadline: Infinity },
    );
    // Assess
    expect((outcome as { error: RetryableError }).error).toMatchObject({
      statusCode: 503,
      code: 'temporarily_unavailable',
      retryAfterSeconds: 1,
    });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(MAX_WRITE_ATTEMPTS);
  });

  it('makes the first attempt even past the deadline, and no retry after it', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled('TransactionConflict')).resolves({});
    // Act
    const outcome = await run({ items: () => [put('a')], resolve: () => 'retry-now' }, { deadline: 0 });
    // Assess
    expect((outcome as { error: RetryableError }).error).toBeInstanceOf(RetryableError);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('a write cancelled by throttling alone is a 503 service_unavailable at once (capacity, not a race)', async () => {
    // Prepare
    dynamo.on(TransactWriteCommand).rejects(cancelled('ThrottlingError', 'None'));
    // Act
    const outcome = await run({ items: () => [put('a'), put('b')], resolve: () => 'retry-now' });
    // Assess
    expect((outcome as { error: RetryableError }).error).toMatchObject({
      statusCode: 503,
      code: 'service_unavailable',
    });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});

describe('Rule: pauses grow exponentially to a cap, with jitter', () => {
  it('each pause lies within 0.5× and 1.5× of min(200 ms, 10 ms × 2^attempt)', () => {
    for (let attempt = 0; attempt < 12; attempt++) {
      const size = Math.min(200, 10 * 2 ** attempt);
      for (let draw = 0; draw < 50; draw++) {
        const pause = retryPause(attempt);
        expect(pause).toBeGreaterThanOrEqual(size * 0.5);
        expect(pause).toBeLessThanOrEqual(size * 1.5);
      }
    }
  });
});

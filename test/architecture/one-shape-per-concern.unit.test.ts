import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { isConditionFailure } from '../../functions/store/condition-failure.js';

/**
 * Each of these concerns has one place in functions/, and a second copy is a failure here: the
 * queue consumer, the SQS sender, the carrier of an invocation's deadline, the test of a write's
 * failed condition, the retry loop.
 */
const root = path.resolve(import.meta.dirname, '../..');

/** The modules of functions/ (generated code left out) whose text matches `pattern`. */
function modulesMatching(pattern: RegExp): string[] {
  return readdirSync(path.join(root, 'functions'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.split(path.sep).includes('generated'))
    .filter((name) => pattern.test(readFileSync(path.join(root, 'functions', name), 'utf8')))
    .map((name) => `functions/${name.split(path.sep).join('/')}`)
    .sort();
}

describe('Rule: one place per concern in functions/', () => {
  it.each([
    [
      'the SQS partial-batch response (the queue consumer)',
      /\bSQSBatchResponse\b/,
      'functions/adapters/aws/queue-consumer.ts',
    ],
    ['the SQS client (the SQS sender)', /\bnew SQSClient\(/, 'functions/adapters/queue/sqs-sender.ts'],
    [
      'the carrier of the invocation and its deadline',
      // A request's own scope (its idempotency key) is another concern.
      /\bAsyncLocalStorage<Invocation>|\binterface Invocation\b/,
      'functions/invocation-clock.ts',
    ],
    [
      'the test of a failed write condition',
      /ConditionalCheckFailedException/,
      'functions/store/condition-failure.ts',
    ],
    // The API client over HTTP and the bulk jobs worker's steps in process wait in the one loop.
    [
      'the retry loop (the one caller of the policy’s wait)',
      /(?<!function )\bretryDelayMs\(/,
      'functions/retry-loop.ts',
    ],
  ])('%s is in one module', (_concern, pattern, module) => {
    // Act
    const found = modulesMatching(pattern);
    // Assess
    expect(found).toEqual([module]);
  });
});

describe('Rule: a write refused by its condition is told apart from every other error', () => {
  it('is a condition failure when DynamoDB answers ConditionalCheckFailedException', () => {
    // Prepare
    const refused = new ConditionalCheckFailedException({
      message: 'The conditional request failed',
      $metadata: {},
    });
    // Act, Assess
    expect(isConditionFailure(refused)).toBe(true);
  });

  it.each([
    ['a cancelled transaction', new TransactionCanceledException({ message: 'cancelled', $metadata: {} })],
    ['any other error', new Error('ConditionalCheckFailedException')],
    ['a thrown value that is not an error', undefined],
  ])('is not a condition failure for %s', (_case, error) => {
    // Act, Assess
    expect(isConditionFailure(error)).toBe(false);
  });
});

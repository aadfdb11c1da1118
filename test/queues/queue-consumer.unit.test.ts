import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MessageConsumer, queueConsumer } from '../../functions/adapters/aws/queue-consumer.js';
import type { Invocation } from '../../functions/invocation-clock.js';
import { lambdaContext } from '../../infra/local/proxy-event.js';
import { captureLogs } from '../support/captured-logs.js';

/** The one SQS consumer shape (functions/adapters/aws/queue-consumer.ts) the three queue handlers share. */

afterEach(() => {
  vi.restoreAllMocks();
});

const record = (messageId: string, body: string): SQSRecord => ({ messageId, body }) as SQSRecord;
const sqsEvent = (...records: SQSRecord[]): SQSEvent => ({ Records: records });

/** A consumer of `{ "n": <number> }` bodies that does what each number says. */
function consumer(
  run: (n: number, invocation: Invocation) => Promise<unknown>,
): MessageConsumer<{ n: number }> {
  return {
    read: (body) => {
      const value = JSON.parse(body) as { n?: unknown };
      return typeof value.n === 'number' ? { n: value.n } : undefined;
    },
    notAMessage: 'Dropped a message that is not a test message',
    handle: (message, invocation) => run(message.n, invocation),
    failed: 'Test message failed; the queue delivers it again',
    logKeys: (message) => ({ n: message.n }),
  };
}

describe('Rule: each message that must run again is reported alone; the others of the batch still run', () => {
  it('reports the message that threw and the one whose outcome is retry, runs every message in order', async () => {
    // Prepare
    const ran: number[] = [];
    const handler = queueConsumer(
      consumer(async (n) => {
        ran.push(n);
        if (n === 2) throw new Error('transient');
        return n === 3 ? 'retry' : 'done';
      }),
    );
    const logs = captureLogs();
    // Act
    const result = await handler(
      sqsEvent(
        record('m1', '{"n":1}'),
        record('m2', '{"n":2}'),
        record('m3', '{"n":3}'),
        record('m4', '{"n":4}'),
      ),
      lambdaContext('test-consumer', 30_000),
    );
    // Assess
    expect(ran).toEqual([1, 2, 3, 4]);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm2' }, { itemIdentifier: 'm3' }]);
    const warning = logs().find(
      (line) => line.message === 'Test message failed; the queue delivers it again',
    );
    expect(warning).toMatchObject({ level: 'WARN', n: 2 });
  });

  it('reports each message of a batch that fails whole, and does not throw (the successes of a retry are not run again)', async () => {
    // Prepare
    const handler = queueConsumer(
      consumer(async () => {
        throw new Error('down');
      }),
    );
    // Act
    const result = await handler(
      sqsEvent(record('m1', '{"n":1}'), record('m2', '{"n":2}')),
      lambdaContext('test-consumer', 30_000),
    );
    // Assess
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }]);
  });
});

describe('Rule: a message that is not the queue’s is logged and dropped (retrying cannot fix it)', () => {
  it('logs the message id as an error and reports nothing', async () => {
    // Prepare
    const handle = vi.fn(async () => 'done');
    const handler = queueConsumer(consumer(handle));
    const logs = captureLogs();
    // Act
    const result = await handler(
      sqsEvent(record('m1', '{"other":1}')),
      lambdaContext('test-consumer', 30_000),
    );
    // Assess
    expect(result.batchItemFailures).toEqual([]);
    expect(handle).not.toHaveBeenCalled();
    expect(
      logs().find((line) => line.message === 'Dropped a message that is not a test message'),
    ).toMatchObject({
      level: 'ERROR',
      messageId: 'm1',
    });
  });
});

describe('Rule: the invocation (claims holder, deadline) is read once from the Lambda context, when it starts', () => {
  it('gives every message of the batch the same invocation: the request id, the start plus the remaining time', async () => {
    // Prepare
    const seen: Invocation[] = [];
    const handler = queueConsumer(
      consumer(async (_n, invocation) => {
        seen.push(invocation);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }),
    );
    const context = { ...lambdaContext('test-consumer'), getRemainingTimeInMillis: () => 30_000 };
    // Act
    await handler(sqsEvent(record('m1', '{"n":1}'), record('m2', '{"n":2}')), context);
    // Assess
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[0]?.holder).toBe(context.awsRequestId);
    expect(seen[0]!.deadlineMs - seen[0]!.startedAtMs).toBe(30_000);
  });
});

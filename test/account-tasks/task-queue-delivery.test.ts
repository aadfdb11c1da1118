import { randomUUID } from 'node:crypto';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskMessage } from '../../functions/rules/account-task/engine.js';
import { getAccountImportState } from '../../functions/store/account-task-read-store.js';
import { runAccountTask } from '../../functions/use-cases/run-account-task.js';
import { scheduleAccountTask } from '../../functions/use-cases/schedule-account-task.js';
import { startSqsPoller } from '../../infra/local/sqs-poller.js';
import { newSupplierWithKey } from '../accounts/support/seed-processes.js';
import { stagedAccount } from '../accounts/support/store.js';
import { HOUR } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * The local SQS event source against the local SQS (fauxqs, started by the runtime): what
 * Lambda's SQS event source does with a batch response, with visibility timeouts and redrive.
 */
const region = process.env.AWS_REGION ?? 'eu-west-2';
const endpoint = process.env.AWS_ENDPOINT_URL_SQS as string;
const sqs = new SQSClient({ endpoint, region, useQueueUrlAsEndpoint: false });
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function newQueue(attributes: Record<string, string> = {}) {
  const { QueueUrl } = await sqs.send(
    new CreateQueueCommand({
      QueueName: `test-${randomUUID()}`,
      Attributes: { VisibilityTimeout: '1', ...attributes },
    }),
  );
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: QueueUrl as string, AttributeNames: ['QueueArn'] }),
  );
  return { queueUrl: QueueUrl as string, queueArn: Attributes?.QueueArn as string };
}

async function send(queueUrl: string, bodies: readonly string[]) {
  for (let offset = 0; offset < bodies.length; offset += 10) {
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: bodies
          .slice(offset, offset + 10)
          .map((body, index) => ({ Id: String(index), MessageBody: body })),
      }),
    );
  }
}

function poll(
  queue: { queueUrl: string; queueArn: string },
  handler: (event: SQSEvent) => Promise<SQSBatchResponse | undefined>,
  maxConcurrency = 1,
  batchSize = 10,
) {
  const poller = startSqsPoller({ endpoint, region, ...queue, handler, maxConcurrency, batchSize });
  stops.push(poller.stop);
}

async function until(condition: () => boolean | Promise<boolean>) {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('Partial batch failure: only the reported messages come back, after their visibility timeout', () => {
  it('deletes the successes; redelivers the failure with a higher receive count (at least once)', async () => {
    // Prepare
    const queue = await newQueue();
    const deliveries: { body: string; receiveCount: string; shape: string[] }[] = [];
    poll(queue, async (event) => {
      for (const record of event.Records) {
        deliveries.push({
          body: record.body,
          receiveCount: record.attributes.ApproximateReceiveCount,
          shape: Object.keys(record).sort(),
        });
      }
      const failing = event.Records.filter(
        (r) => r.body === 'fail-once' && r.attributes.ApproximateReceiveCount === '1',
      );
      return { batchItemFailures: failing.map((r) => ({ itemIdentifier: r.messageId })) };
    });

    // Act
    await send(queue.queueUrl, ['ok-1', 'fail-once', 'ok-2']);
    await until(() => deliveries.filter((d) => d.body === 'fail-once').length === 2);

    // Assess
    expect(deliveries.filter((d) => d.body.startsWith('ok-'))).toHaveLength(2);
    expect(deliveries.filter((d) => d.body === 'fail-once').map((d) => d.receiveCount)).toEqual(['1', '2']);
    expect(deliveries[0]?.shape).toEqual(
      [
        'attributes',
        'awsRegion',
        'body',
        'eventSource',
        'eventSourceARN',
        'md5OfBody',
        'messageAttributes',
        'messageId',
        'receiptHandle',
      ].sort(),
    );
  });

  it('a handler that throws leaves the whole batch to be delivered again', async () => {
    const queue = await newQueue();
    const seen: string[] = [];
    poll(queue, async (event) => {
      for (const record of event.Records)
        seen.push(`${record.body}#${record.attributes.ApproximateReceiveCount}`);
      if (event.Records.some((r) => r.attributes.ApproximateReceiveCount === '1')) throw new Error('crash');
      return { batchItemFailures: [] };
    });
    await send(queue.queueUrl, ['a']);
    await until(() => seen.includes('a#2'));
    expect(seen).toEqual(['a#1', 'a#2']);
  });
});

describe('Redrive: a message that keeps failing goes to the dead-letter queue', () => {
  it('after maxReceiveCount deliveries', async () => {
    // Prepare
    const deadLetter = await newQueue();
    const queue = await newQueue({
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: deadLetter.queueArn, maxReceiveCount: 2 }),
    });
    poll(queue, async (event) => ({
      batchItemFailures: event.Records.map((r) => ({ itemIdentifier: r.messageId })),
    }));

    // Act
    await send(queue.queueUrl, ['poison']);
    let dead: string | undefined;
    await until(async () => {
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: deadLetter.queueUrl, WaitTimeSeconds: 1 }),
      );
      dead = Messages[0]?.Body;
      return dead !== undefined;
    });

    // Assess
    expect(dead).toBe('poison');
  });
});

describe('50 tasks due at once with concurrency 5: never more than 5 running, all processed', () => {
  it('runs the real worker through the local event source', async () => {
    // Prepare: 50 tasks of a fresh supplier, due an hour from now (the runtime's sweep leaves them alone).
    const { supplier } = await newSupplierWithKey('V2CONC');
    const now = Date.now();
    const iso = (ms: number) => new Date(now + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const messages: TaskMessage[] = [];
    for (let index = 0; index < 50; index++) {
      const account = stagedAccount(
        supplier,
        `C-${String(index).padStart(2, '0')}-${randomUUID().slice(0, 8)}`,
      );
      const { task } = await scheduleAccountTask({
        supplier,
        account,
        isDryRun: false,
        window: { start: iso(HOUR), end: iso(2 * HOUR) },
        now: new Date(now),
      });
      messages.push({
        import_supplier: supplier,
        external_account_number: account.external_account_number,
        task_id: task.task_id,
      });
    }
    const queue = await newQueue({ VisibilityTimeout: '30' });
    let running = 0;
    let maxRunning = 0;
    let finished = 0;
    const inWindow = new Date(now + HOUR + 1000);
    poll(
      queue,
      async (event) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        try {
          const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
          for (const record of event.Records) {
            const outcome = await runAccountTask(JSON.parse(record.body) as TaskMessage, inWindow);
            if (outcome === 'retry') batchItemFailures.push({ itemIdentifier: record.messageId });
            else finished++;
          }
          return { batchItemFailures };
        } finally {
          running--;
        }
      },
      5,
      1,
    );

    // Act
    await send(
      queue.queueUrl,
      messages.map((message) => JSON.stringify(message)),
    );
    await until(() => finished >= 50);

    // Assess
    expect(maxRunning).toBeLessThanOrEqual(5);
    expect(maxRunning).toBeGreaterThan(1);
    for (const message of messages) {
      const { task, process } = await getAccountImportState(supplier, message.external_account_number);
      expect(task?.status).toBe('PROCESSED');
      expect(task?.service_identifier).toBe(process?.service_account_number);
    }
  });
});

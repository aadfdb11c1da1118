import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Queue, sendMessage, sendMessages } from '../../functions/adapters/queue/sqs-sender.js';

/** The one SQS sender (functions/adapters/queue/sqs-sender.ts) every queue of the service is sent to with. */

const sqs = mockClient(SQSClient);
const queue: Queue = { name: 'test queue', url: 'https://sqs.eu-west-2.amazonaws.com/000000000000/test' };

beforeEach(() => {
  sqs.reset();
  sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
});

const sentEntries = () =>
  sqs.commandCalls(SendMessageBatchCommand).map((call) => call.args[0].input.Entries ?? []);

describe('Rule: messages go to their queue as JSON, ten to a request, delayed when asked', () => {
  it('sends 23 messages in requests of 10, 10 and 3, in order, to the queue’s URL', async () => {
    // Prepare
    const messages = Array.from({ length: 23 }, (_, n) => ({ n }));
    // Act
    await sendMessages(queue, messages);
    // Assess
    const calls = sqs.commandCalls(SendMessageBatchCommand);
    expect(calls.map((call) => call.args[0].input.QueueUrl)).toEqual([queue.url, queue.url, queue.url]);
    expect(sentEntries().map((entries) => entries.length)).toEqual([10, 10, 3]);
    expect(
      sentEntries()
        .flat()
        .map((entry) => JSON.parse(entry.MessageBody ?? '')),
    ).toEqual(messages);
    expect(
      sentEntries()
        .flat()
        .every((entry) => entry.DelaySeconds === undefined),
    ).toBe(true);
  });

  it('one message, delayed: one request whose entry carries DelaySeconds', async () => {
    // Act
    await sendMessage(queue, { kind: 'read' }, 30);
    // Assess
    expect(sentEntries()).toEqual([[{ Id: '0', MessageBody: '{"kind":"read"}', DelaySeconds: 30 }]]);
  });

  it('any text travels: characters outside ASCII are escaped, and JSON.parse gives them back', async () => {
    // Prepare
    const message = { external_account_number: 'ÄÖ-\u0007-\ud800-😀' };
    // Act
    await sendMessage(queue, message);
    // Assess
    const body = sentEntries()[0]?.[0]?.MessageBody ?? '';
    expect(body).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.parse(body)).toEqual(message);
  });
});

describe('Rule: a message SQS refused fails the send, naming the queue', () => {
  it('throws when a request reports a failed entry', async () => {
    // Prepare
    sqs
      .on(SendMessageBatchCommand)
      .resolves({ Successful: [], Failed: [{ Id: '0', Code: 'x', SenderFault: true }] });
    // Act
    const sent = sendMessages(queue, [{ n: 1 }]);
    // Assess
    await expect(sent).rejects.toThrow('The test queue refused 1 message(s)');
  });
});

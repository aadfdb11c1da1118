import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTable } from '../../infra/local/create-table.js';
import { type StreamPoller, startStreamPoller } from '../../infra/local/stream-poller.js';

/** Polls until `check` passes (the poller delivers asynchronously). */
async function eventually(check: () => void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('The stream poller feeds the table stream to a handler like Lambda does', () => {
  const client = new DynamoDBClient({});
  const documents = DynamoDBDocumentClient.from(client);
  const tableName = `poller-test-${randomUUID()}`;
  const batches: DynamoDBStreamEvent[] = [];
  const contexts: Context[] = [];
  let failOnce: string | undefined;
  let poller: StreamPoller;

  beforeAll(async () => {
    const streamArn = await createTable(client, tableName);
    poller = startStreamPoller({
      endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB as string,
      region: process.env.AWS_REGION as string,
      streamArn,
      intervalMs: 50,
      functionName: 'stream-poller-test',
      handler: async (event, context): Promise<DynamoDBBatchResponse> => {
        contexts.push(context);
        batches.push(event);
        const failing = event.Records.find((record) => record.dynamodb?.Keys?.pk?.S === failOnce);
        if (!failing) return { batchItemFailures: [] };
        failOnce = undefined;
        return { batchItemFailures: [{ itemIdentifier: failing.dynamodb?.SequenceNumber as string }] };
      },
    });
  });

  afterAll(async () => {
    await poller.stop();
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  });

  it('delivers every record in order, in batches of at most 10, re-delivering from the first failed record', async () => {
    // Prepare
    const keys = Array.from({ length: 25 }, (_, index) => `ITEM#${String(index).padStart(2, '0')}`);
    failOnce = keys[13];

    // Act
    for (let start = 0; start < keys.length; start += 25) {
      await documents.send(
        new BatchWriteCommand({
          RequestItems: {
            [tableName]: keys
              .slice(start, start + 25)
              .map((pk) => ({ PutRequest: { Item: { pk, sk: 'X' } } })),
          },
        }),
      );
    }

    // Assess
    const delivered = () =>
      batches.flatMap((batch) => batch.Records.map((record) => record.dynamodb?.Keys?.pk?.S));
    await eventually(() => expect(new Set(delivered()).size).toBe(25));
    expect(batches.every((batch) => batch.Records.length >= 1 && batch.Records.length <= 10)).toBe(true);
    const keyOf = (record: { dynamodb?: { Keys?: { pk?: { S?: string } } } }) => record.dynamodb?.Keys?.pk?.S;
    const all = delivered();
    expect(all.filter((key, index) => all.indexOf(key) === index)).toEqual(keys);
    const failedBatch = batches.findIndex((batch) =>
      batch.Records.some((record) => keyOf(record) === keys[13]),
    );
    expect(keyOf(batches[failedBatch + 1]?.Records[0] ?? {})).toBe(keys[13]);
    const failedFrom = batches[failedBatch]?.Records.map(keyOf).slice(
      batches[failedBatch]?.Records.findIndex((record) => keyOf(record) === keys[13]),
    );
    const twice = keys.filter((key) => all.filter((k) => k === key).length === 2);
    expect(twice).toEqual(failedFrom);
    expect(keys.filter((key) => all.filter((k) => k === key).length > 2)).toEqual([]);
    expect(batches[0]?.Records[0]).toMatchObject({
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      awsRegion: 'eu-west-2',
      eventSourceARN: expect.stringContaining(tableName),
      dynamodb: {
        Keys: { pk: { S: keys[0] }, sk: { S: 'X' } },
        NewImage: { pk: { S: keys[0] }, sk: { S: 'X' } },
        SequenceNumber: expect.any(String),
        StreamViewType: 'NEW_AND_OLD_IMAGES',
        ApproximateCreationDateTime: expect.any(Number),
      },
    });
  });

  it('each batch is handed its own Lambda context, named after the function, as Lambda invokes', () => {
    // Assess (the batches of the test above)
    expect(contexts.length).toBe(batches.length);
    expect(contexts.every((context) => context.functionName === 'stream-poller-test')).toBe(true);
    expect(new Set(contexts.map((context) => context.awsRequestId)).size).toBe(contexts.length);
  });
});

describe('With a checkpoint file, a restarted poller resumes after the last record it handled', () => {
  const client = new DynamoDBClient({});
  const documents = DynamoDBDocumentClient.from(client);
  const tableName = `poller-checkpoint-test-${randomUUID()}`;
  const directory = mkdtempSync(join(tmpdir(), 'poller-checkpoint-'));
  const checkpointFile = join(directory, 'stream-checkpoint.json');
  let poller: StreamPoller | undefined;

  afterAll(async () => {
    await poller?.stop();
    await client.send(new DeleteTableCommand({ TableName: tableName }));
    rmSync(directory, { recursive: true, force: true });
  });

  const put = (keys: readonly string[]) =>
    documents.send(
      new BatchWriteCommand({
        RequestItems: { [tableName]: keys.map((pk) => ({ PutRequest: { Item: { pk, sk: 'X' } } })) },
      }),
    );

  const start = (streamArn: string, delivered: string[]) =>
    startStreamPoller({
      endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB as string,
      region: process.env.AWS_REGION as string,
      streamArn,
      checkpointFile,
      intervalMs: 50,
      functionName: 'stream-poller-test',
      handler: async (event) => {
        delivered.push(...event.Records.map((record) => record.dynamodb?.Keys?.pk?.S as string));
        return { batchItemFailures: [] };
      },
    });

  it('records written while it was stopped are delivered after the restart, and none handled before is replayed', async () => {
    // Prepare: a first run handles five records, then stops
    const streamArn = await createTable(client, tableName);
    const first: string[] = [];
    poller = start(streamArn, first);
    await put(['A-0', 'A-1', 'A-2', 'A-3', 'A-4']);
    await eventually(() => expect(first).toEqual(['A-0', 'A-1', 'A-2', 'A-3', 'A-4']));
    await poller.stop();
    poller = undefined;

    // Act: five more records while nothing polls, then a restart on the same checkpoint file
    await put(['B-0', 'B-1', 'B-2', 'B-3', 'B-4']);
    const second: string[] = [];
    poller = start(streamArn, second);

    // Assess
    await eventually(() => expect(second).toHaveLength(5));
    expect(second).toEqual(['B-0', 'B-1', 'B-2', 'B-3', 'B-4']);
  });
});

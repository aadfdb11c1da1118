import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { toLambdaEventImage } from './lambda-event-image.js';
import { lambdaContext } from './proxy-event.js';
import { type Checkpoint, readCheckpoint, writeCheckpoint } from './stream-checkpoint.js';

/**
 * Polls the table stream like Lambda's event source mapping and feeds records, in batches of
 * at most 10 shaped as a real DynamoDBStreamEvent, to the publisher handler. Honours
 * `batchItemFailures`: the batch is retried from the first failed record (in order per
 * shard), with back-off; after MAX_ATTEMPTS the records are logged as dead letters (the
 * cloud sends them to the SQS dead-letter queue) and the shard moves on.
 *
 * Where it starts: a shard it has no position for is read from its oldest record
 * (TRIM_HORIZON). With a `checkpointFile` (a `--data-dir` run, whose table and stream survive
 * a restart), the position of every shard is saved after each handled batch and a restart
 * resumes after it, like the event source mapping does after a Lambda crash: a record
 * committed but not yet handled when the process died is handled after the restart, and a
 * batch handled but not yet checkpointed is handled again (at least once, never lost).
 */
export type StreamHandler = (
  event: DynamoDBStreamEvent,
  context: Context,
) => Promise<DynamoDBBatchResponse | undefined>;

export interface StreamPollerOptions {
  endpoint: string;
  region: string;
  streamArn: string;
  handler: StreamHandler;
  /** The function the handler stands for: each batch gets its own Lambda context, as on Lambda. */
  functionName: string;
  /** Where the position of each shard is kept across restarts; none: every start reads from the oldest record. */
  checkpointFile?: string;
  intervalMs?: number;
  batchSize?: number;
  log?: (line: string) => void;
}

export interface StreamPoller {
  stop(): Promise<void>;
}

const MAX_ATTEMPTS = 10;
const DESCRIBE_EVERY_MS = 1000;

interface ShardState {
  id: string;
  parentId?: string;
  iterator?: string;
  lastSequence?: string;
  /** The last record handled (successfully or as a dead letter): where a restart resumes. */
  handledSequence?: string;
  /** Records read but not yet handled successfully, in order. */
  pending: StreamRecord[];
  attempts: number;
  retryAt: number;
  done: boolean;
}

/** A stream record as Lambda's DynamoDB event source passes it to a function. */
export function toLambdaRecord(record: StreamRecord, streamArn: string, region: string): DynamoDBRecord {
  const data = record.dynamodb ?? {};
  const created = data.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region, // DynamoDB Local reports its own pseudo-region
    eventSourceARN: streamArn,
    dynamodb: {
      ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
      Keys: toLambdaEventImage(data.Keys),
      ...(data.NewImage ? { NewImage: toLambdaEventImage(data.NewImage) } : {}),
      ...(data.OldImage ? { OldImage: toLambdaEventImage(data.OldImage) } : {}),
      SequenceNumber: data.SequenceNumber,
      SizeBytes: data.SizeBytes,
      StreamViewType: data.StreamViewType as NonNullable<DynamoDBRecord['dynamodb']>['StreamViewType'],
    },
  };
}

export function startStreamPoller(options: StreamPollerOptions): StreamPoller {
  const client = new DynamoDBStreamsClient({
    endpoint: options.endpoint,
    region: options.region,
    maxAttempts: 2,
  });
  // No SDK logger: its middleware would copy every page of records for nothing (see functions/store/dynamodb.ts).
  client.middlewareStack.remove('loggerMiddleware');
  const intervalMs = options.intervalMs ?? 150;
  const batchSize = Math.min(options.batchSize ?? 10, 10);
  const log = options.log ?? (() => undefined);
  const shards = new Map<string, ShardState>();
  const saved: Checkpoint = options.checkpointFile
    ? readCheckpoint(options.checkpointFile, options.streamArn)
    : { streamArn: options.streamArn, shards: {} };
  let firstDescribe = true;
  let lastDescribe = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const describe = async (): Promise<void> => {
    let exclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await client.send(
        new DescribeStreamCommand({
          StreamArn: options.streamArn,
          ExclusiveStartShardId: exclusiveStartShardId,
        }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        if (!shard.ShardId || shards.has(shard.ShardId)) continue;
        const handled = saved.shards[shard.ShardId];
        shards.set(shard.ShardId, {
          id: shard.ShardId,
          ...(shard.ParentShardId ? { parentId: shard.ParentShardId } : {}),
          ...(handled ? { lastSequence: handled, handledSequence: handled } : {}),
          pending: [],
          attempts: 0,
          retryAt: 0,
          done: false,
        });
      }
      exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
    firstDescribe = false;
    lastDescribe = Date.now();
  };

  const iterator = async (shard: ShardState): Promise<string | undefined> => {
    const input = shard.lastSequence
      ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' as const, SequenceNumber: shard.lastSequence }
      : { ShardIteratorType: 'TRIM_HORIZON' as const };
    const { ShardIterator } = await client.send(
      new GetShardIteratorCommand({ StreamArn: options.streamArn, ShardId: shard.id, ...input }),
    );
    return ShardIterator;
  };

  /** Reads one page of records; returns how many arrived. */
  const read = async (shard: ShardState): Promise<number> => {
    if (!shard.iterator) shard.iterator = await iterator(shard);
    if (!shard.iterator) {
      shard.done = true;
      return 0;
    }
    try {
      const result = await client.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: 1000 }));
      const records = result.Records ?? [];
      shard.pending.push(...records);
      const last = records.at(-1)?.dynamodb?.SequenceNumber;
      if (last) shard.lastSequence = last;
      shard.iterator = result.NextShardIterator;
      if (!shard.iterator) shard.done = true;
      return records.length;
    } catch (error) {
      if (error instanceof ExpiredIteratorException || error instanceof TrimmedDataAccessException) {
        shard.iterator = undefined;
        if (error instanceof TrimmedDataAccessException) shard.lastSequence = undefined;
        return 0;
      }
      throw error;
    }
  };

  /** Removes the first `count` pending records as handled and saves the shard's new position. */
  const handled = (shard: ShardState, count: number): void => {
    if (count === 0) return;
    const last = shard.pending.splice(0, count).at(-1)?.dynamodb?.SequenceNumber;
    if (!last) return;
    shard.handledSequence = last;
    if (!options.checkpointFile) return;
    saved.shards[shard.id] = last;
    writeCheckpoint(options.checkpointFile, saved);
  };

  /** Hands pending records to the handler, batch by batch, until one fails. */
  const deliver = async (shard: ShardState): Promise<void> => {
    while (shard.pending.length > 0 && !stopped) {
      if (Date.now() < shard.retryAt) return;
      const batch = shard.pending.slice(0, batchSize);
      let firstFailed = -1;
      try {
        const response = await options.handler(
          { Records: batch.map((record) => toLambdaRecord(record, options.streamArn, options.region)) },
          lambdaContext(options.functionName),
        );
        const failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        if (failed.size > 0) {
          firstFailed = batch.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
          if (firstFailed < 0) firstFailed = 0; // an identifier we do not know: retry the whole batch, as Lambda does
        }
      } catch (error) {
        log(`stream-poller: publisher threw: ${(error as Error).message}`);
        firstFailed = 0;
      }
      if (firstFailed < 0) {
        handled(shard, batch.length);
        shard.attempts = 0;
        continue;
      }
      handled(shard, firstFailed);
      shard.attempts += 1;
      if (shard.attempts >= MAX_ATTEMPTS) {
        const dead = shard.pending.slice(0, batch.length - firstFailed);
        handled(shard, dead.length);
        log(
          `stream-poller: dead letters after ${MAX_ATTEMPTS} attempts: ${dead.map((r) => r.dynamodb?.SequenceNumber).join(', ')}`,
        );
        shard.attempts = 0;
        continue;
      }
      shard.retryAt = Date.now() + Math.min(100 * 2 ** shard.attempts, 5000);
      return;
    }
  };

  /** One round over the shards; true when a shard had records waiting (read again at once). */
  const tick = async (): Promise<boolean> => {
    if (firstDescribe || Date.now() - lastDescribe >= DESCRIBE_EVERY_MS) await describe();
    let busy = false;
    for (const shard of shards.values()) {
      if (stopped) return false;
      if (shard.done && shard.pending.length === 0) continue;
      const parent = shard.parentId ? shards.get(shard.parentId) : undefined;
      if (parent && !(parent.done && parent.pending.length === 0)) continue;
      if (!shard.done && shard.pending.length < batchSize && (await read(shard)) > 0) busy = true;
      await deliver(shard);
    }
    return busy;
  };

  const schedule = (delayMs: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error) => {
          log(`stream-poller: ${(error as Error).message}`);
          return false;
        })
        .then((busy) => schedule(busy ? 0 : intervalMs));
    }, delayMs);
  };
  schedule(intervalMs);

  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      client.destroy();
    },
  };
}

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { eventsOfOutboxItem } from '../../../functions/events/outbox.js';
import { toLambdaRecord } from '../../../infra/local/stream-poller.js';

/**
 * Reads a table's stream from its oldest record, as an event source mapping would, and keeps
 * every record in order (as Lambda hands them to a function). The harness plays the event
 * source mappings itself: it chooses which records a function gets and delivers them again
 * after a crash.
 */
export class StreamTap {
  private readonly client = new DynamoDBStreamsClient({});
  private readonly iterators = new Map<string, string | undefined>();
  readonly records: DynamoDBRecord[] = [];

  constructor(
    private readonly streamArn: string,
    private readonly region: string,
  ) {}

  /** Reads every record written since the last call. */
  async poll(): Promise<void> {
    const { StreamDescription } = await this.client.send(
      new DescribeStreamCommand({ StreamArn: this.streamArn }),
    );
    for (const shard of StreamDescription?.Shards ?? []) {
      const id = shard.ShardId as string;
      if (!this.iterators.has(id)) {
        const { ShardIterator } = await this.client.send(
          new GetShardIteratorCommand({
            StreamArn: this.streamArn,
            ShardId: id,
            ShardIteratorType: 'TRIM_HORIZON',
          }),
        );
        this.iterators.set(id, ShardIterator);
      }
      let iterator = this.iterators.get(id);
      while (iterator) {
        const page = await this.client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        const records = page.Records ?? [];
        this.records.push(...records.map((record) => toLambdaRecord(record, this.streamArn, this.region)));
        iterator = page.NextShardIterator;
        this.iterators.set(id, iterator);
        if (records.length === 0) break;
      }
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/** The item a record wrote (its new image), unmarshalled. */
export function newImageOf(record: DynamoDBRecord): Record<string, unknown> | undefined {
  const image = record.dynamodb?.NewImage;
  return image ? unmarshall(image as Record<string, AttributeValue>) : undefined;
}

/** An insert of an outbox item: what the publisher's filter passes. */
export function isOutboxInsert(record: DynamoDBRecord): boolean {
  const pk = record.dynamodb?.Keys?.pk?.S;
  return record.eventName === 'INSERT' && typeof pk === 'string' && pk.startsWith('OUTBOX#');
}

/** The events an outbox insert carries. */
export function eventsOfRecord(record: DynamoDBRecord) {
  return eventsOfOutboxItem(newImageOf(record) ?? {});
}

/** Records in batches of at most `size`, as an event source mapping cuts them. */
export function batches<T>(items: readonly T[], size = 10): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

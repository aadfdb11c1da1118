import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail } from '../../functions/events/outbox.js';
import { PUT_EVENTS_MAX_BYTES, putEventsEntrySize } from '../../functions/events/put-events-requests.js';
import { toLambdaEventImage } from '../../infra/local/lambda-event-image.js';
import { lambdaContext } from '../../infra/local/proxy-event.js';
import { captureLogs } from '../support/captured-logs.js';

process.env.DATA_IMPORT_EVENT_BUS_NAME ??= 'test-bus';
process.env.DATA_IMPORT_TABLE_NAME ??= 'test-table';

const eventBridge = mockClient(EventBridgeClient);
let publisher: typeof import('../../functions/handlers/publish-outbox-events.js').handler;
const handler = (event: DynamoDBStreamEvent) => publisher(event, lambdaContext('publish-outbox-events'));
let newEventDetail: typeof import('../../functions/events/outbox.js').newEventDetail;
let outboxPut: typeof import('../../functions/events/outbox.js').outboxPut;

beforeAll(async () => {
  ({ handler: publisher } = await import('../../functions/handlers/publish-outbox-events.js'));
  ({ newEventDetail, outboxPut } = await import('../../functions/events/outbox.js'));
});

beforeEach(() => {
  eventBridge.reset();
});

let sequence = 0;
/**
 * The stream record of an item `outboxPut` writes, as Lambda's event JSON carries it: binary
 * attribute values (the compressed events) as base64 strings.
 */
function outboxRecord(events: EventDetail[], overrides: Partial<DynamoDBRecord> = {}): DynamoDBRecord {
  sequence += 1;
  const { Item } = outboxPut('test-table', events).Put;
  return recordOf({ ...Item, pk: `OUTBOX#${sequence}` }, overrides);
}

function recordOf(item: Record<string, unknown>, overrides: Partial<DynamoDBRecord> = {}): DynamoDBRecord {
  return {
    eventName: 'INSERT',
    dynamodb: {
      SequenceNumber: String(sequence).padStart(10, '0'),
      NewImage: toLambdaEventImage(marshall(item)),
    },
    ...overrides,
  };
}

function events(count: number): EventDetail[] {
  return Array.from({ length: count }, (_, i) =>
    newEventDetail('data_import.import_process.complete', 'v1', {
      resource_type: 'ACCOUNT',
      external_identifier: `EXT-${i}`,
      identifier: `A-0000000${i % 10}`,
    }),
  );
}

const streamEvent = (records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

function acceptAll() {
  eventBridge.on(PutEventsCommand).callsFake((input: { Entries: unknown[] }) => ({
    FailedEntryCount: 0,
    Entries: input.Entries.map((_, i) => ({ EventId: `id-${i}` })),
  }));
}

describe('Rule: events are sent in PutEvents calls of at most 10 entries', () => {
  it('sends 23 events of one outbox item in three calls of 10, 10 and 3', async () => {
    // Prepare
    acceptAll();
    // Act
    const result = await handler(streamEvent([outboxRecord(events(23))]));
    // Assess
    const calls = eventBridge.commandCalls(PutEventsCommand);
    expect(calls.map((call) => call.args[0].input.Entries?.length)).toEqual([10, 10, 3]);
    expect(result.batchItemFailures).toEqual([]);
  });

  it('sends Source data-import, DetailType <type>@<version> and the detail envelope', async () => {
    // Prepare
    acceptAll();
    const [event] = events(1);
    // Act
    await handler(streamEvent([outboxRecord([event!])]));
    // Assess
    const entry = eventBridge.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![0]!;
    expect(entry.Source).toBe('data-import');
    expect(entry.DetailType).toBe('data_import.import_process.complete@v1');
    expect(entry.EventBusName).toBe(process.env.DATA_IMPORT_EVENT_BUS_NAME);
    expect(JSON.parse(entry.Detail!)).toEqual(event);
    expect(Object.keys(JSON.parse(entry.Detail!)).sort()).toEqual([
      'event_id',
      'event_type',
      'occurred_at',
      'payload',
      'version',
    ]);
  });
});

/** An event whose detail is about `kilobytes` KB (the outbox holds whatever the item carries). */
function eventOfSize(kilobytes: number): EventDetail {
  return newEventDetail('data_import.import_process.error', 'v1', {
    resource_type: 'ACCOUNT',
    external_identifier: 'EXT-1',
    error_code: 'x',
    error_detail: 'x'.repeat(kilobytes * 1000),
  });
}

describe('Rule: events are sent in PutEvents calls of at most 256 KB as well as at most 10 entries', () => {
  it('sends five events of 100 KB in calls of 2, 2 and 1, each within 256 KB', async () => {
    // Prepare
    acceptAll();
    const large = Array.from({ length: 5 }, () => eventOfSize(100));
    // Act
    const result = await handler(streamEvent([outboxRecord(large)]));
    // Assess
    const calls = eventBridge.commandCalls(PutEventsCommand);
    expect(calls.map((call) => call.args[0].input.Entries?.length)).toEqual([2, 2, 1]);
    for (const call of calls) {
      const entries = call.args[0].input.Entries ?? [];
      expect(entries.reduce((sum, entry) => sum + putEventsEntrySize(entry), 0)).toBeLessThanOrEqual(
        PUT_EVENTS_MAX_BYTES,
      );
    }
    expect(
      calls.flatMap((call) => call.args[0].input.Entries!.map((e) => JSON.parse(e.Detail!).event_id)),
    ).toEqual(large.map((event) => event.event_id));
    expect(result.batchItemFailures).toEqual([]);
  });

  it('never sends an event larger than a request, and reports its record as a batch item failure', async () => {
    // Prepare
    acceptAll();
    const small = events(1);
    const record = outboxRecord([...small, eventOfSize(300)]);
    // Act
    const result = await handler(streamEvent([record]));
    // Assess
    const sent = eventBridge
      .commandCalls(PutEventsCommand)
      .flatMap((call) => call.args[0].input.Entries!.map((e) => JSON.parse(e.Detail!).event_id));
    expect(sent).toEqual([small[0]!.event_id]);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: record.dynamodb!.SequenceNumber }]);
  });
});

describe('Rule: entries counted in FailedEntryCount are sent again, and only those', () => {
  it('re-sends the two failed entries of a chunk of five', async () => {
    // Prepare
    const sent = events(5);
    eventBridge
      .on(PutEventsCommand)
      .resolvesOnce({
        FailedEntryCount: 2,
        Entries: [
          { EventId: 'a' },
          { ErrorCode: 'InternalFailure', ErrorMessage: 'x' },
          { EventId: 'c' },
          { ErrorCode: 'ThrottlingException', ErrorMessage: 'x' },
          { EventId: 'e' },
        ],
      })
      .resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'b' }, { EventId: 'd' }] });
    // Act
    const result = await handler(streamEvent([outboxRecord(sent)]));
    // Assess
    const calls = eventBridge.commandCalls(PutEventsCommand);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.args[0].input.Entries!.map((e) => JSON.parse(e.Detail!).event_id)).toEqual([
      sent[1]!.event_id,
      sent[3]!.event_id,
    ]);
    expect(result.batchItemFailures).toEqual([]);
  });
});

describe('Rule: a record whose events cannot be delivered is reported as a batch item failure', () => {
  it('reports the failing record and every later one, and not the earlier delivered one', async () => {
    // Prepare
    const first = outboxRecord(events(1));
    const failing = outboxRecord(events(1));
    const later = outboxRecord(events(1));
    eventBridge
      .on(PutEventsCommand)
      .resolvesOnce({ FailedEntryCount: 0, Entries: [{ EventId: 'ok' }] })
      .rejects(new Error('EventBridge is down'));
    // Act
    const result = await handler(streamEvent([first, failing, later]));
    // Assess
    expect(result.batchItemFailures.map((f) => f.itemIdentifier)).toEqual([
      failing.dynamodb!.SequenceNumber,
      later.dynamodb!.SequenceNumber,
    ]);
  });

  it('does not send again, on redelivery, the events it already delivered', async () => {
    // Prepare
    const record = outboxRecord(events(12));
    eventBridge
      .on(PutEventsCommand)
      .resolvesOnce({ FailedEntryCount: 0, Entries: Array.from({ length: 10 }, () => ({ EventId: 'ok' })) })
      .rejects(new Error('EventBridge is down'));
    const firstAttempt = await handler(streamEvent([record]));
    eventBridge.reset();
    acceptAll();
    // Act
    const secondAttempt = await handler(streamEvent([record]));
    // Assess
    expect(firstAttempt.batchItemFailures).toHaveLength(1);
    expect(secondAttempt.batchItemFailures).toEqual([]);
    expect(eventBridge.commandCalls(PutEventsCommand).map((c) => c.args[0].input.Entries?.length)).toEqual([
      2,
    ]);
  });

  it('reports an unreadable outbox item (poison) so it ends in the dead-letter queue', async () => {
    // Prepare
    acceptAll();
    const poison: DynamoDBRecord = {
      eventName: 'INSERT',
      dynamodb: {
        SequenceNumber: '999',
        NewImage: marshall({ pk: 'OUTBOX#poison', sk: 'OUTBOX', events: '{not json' }) as NonNullable<
          DynamoDBRecord['dynamodb']
        >['NewImage'],
      },
    };
    // Act
    const result = await handler(streamEvent([poison]));
    // Assess
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '999' }]);
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(0);
  });
});

describe('Rule: an outbox item stores its events compressed, and the publisher reads both forms', () => {
  it('publishes the events of an item written compressed, from its base64 stream image', async () => {
    // Prepare
    acceptAll();
    const sent = events(100);
    const { Item } = outboxPut('test-table', sent).Put;
    // Act
    const result = await handler(streamEvent([outboxRecord(sent)]));
    // Assess
    expect(Item).not.toHaveProperty('events');
    expect((Item.events_gzip as Buffer).length).toBeLessThan(JSON.stringify(sent).length / 4);
    expect(result.batchItemFailures).toEqual([]);
    const published = eventBridge
      .commandCalls(PutEventsCommand)
      .flatMap((call) => call.args[0].input.Entries ?? [])
      .map((entry) => JSON.parse(entry.Detail!).event_id);
    expect(published).toEqual(sent.map((event) => event.event_id));
  });

  it('still publishes an item written before compression, whose events are JSON text', async () => {
    // Prepare
    acceptAll();
    sequence += 1;
    const sent = events(3);
    const legacy = recordOf({ pk: `OUTBOX#${sequence}`, sk: 'OUTBOX', events: JSON.stringify(sent) });
    // Act
    const result = await handler(streamEvent([legacy]));
    // Assess
    expect(result.batchItemFailures).toEqual([]);
    expect(eventBridge.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries).toHaveLength(3);
  });

  it('reports an item whose compressed events are corrupt (poison)', async () => {
    // Prepare
    acceptAll();
    sequence += 1;
    const corrupt = recordOf({
      pk: `OUTBOX#${sequence}`,
      sk: 'OUTBOX',
      events_gzip: Buffer.from('not gzip'),
    });
    // Act
    const result = await handler(streamEvent([corrupt]));
    // Assess
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: corrupt.dynamodb!.SequenceNumber }]);
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(0);
  });
});

describe('Rule: only newly inserted outbox items are published', () => {
  it('ignores modifications, removals and items that are not outbox items', async () => {
    // Prepare
    acceptAll();
    const modified = outboxRecord(events(1), { eventName: 'MODIFY' });
    const removed = outboxRecord(events(1), { eventName: 'REMOVE' });
    const account: DynamoDBRecord = {
      eventName: 'INSERT',
      dynamodb: { SequenceNumber: '5', NewImage: marshall({ pk: 'ACCOUNT#A-1', sk: 'ACCOUNT' }) as never },
    };
    // Act
    const result = await handler(streamEvent([modified, removed, account]));
    // Assess
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(0);
    expect(result.batchItemFailures).toEqual([]);
  });
});

describe('Rule: a background function logs with the Lambda context of the invocation', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('the log line about an unreadable outbox item names the function and the request that read it', async () => {
    // Prepare
    const records = captureLogs();
    const context = lambdaContext('publish-outbox-events');
    const poison = recordOf({ pk: 'OUTBOX#unreadable', sk: 'OUTBOX', events: '{not json' });

    // Act
    await publisher(streamEvent([poison]), context);

    // Assess
    const logged = records().filter((record) => record.message === 'Unreadable outbox item');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      function_name: 'publish-outbox-events',
      function_request_id: context.awsRequestId,
      pk: 'OUTBOX#unreadable',
    });
  });
});

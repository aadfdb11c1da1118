import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventDetail } from '../../functions/events/outbox.js';

process.env.DATA_IMPORT_EVENT_BUS_NAME ??= 'test-bus';
process.env.DATA_IMPORT_TABLE_NAME ??= 'test-table';

const eventBridge = mockClient(EventBridgeClient);
let handler: typeof import('../../functions/handlers/publish-outbox-events.js').handler;
let newEventDetail: typeof import('../../functions/events/outbox.js').newEventDetail;

beforeAll(async () => {
  ({ handler } = await import('../../functions/handlers/publish-outbox-events.js'));
  ({ newEventDetail } = await import('../../functions/events/outbox.js'));
});

beforeEach(() => {
  eventBridge.reset();
});

let sequence = 0;
function outboxRecord(events: EventDetail[], overrides: Partial<DynamoDBRecord> = {}): DynamoDBRecord {
  sequence += 1;
  const item = { pk: `OUTBOX#${sequence}`, sk: 'OUTBOX', events: JSON.stringify(events) };
  return {
    eventName: 'INSERT',
    dynamodb: {
      SequenceNumber: String(sequence).padStart(10, '0'),
      NewImage: marshall(item) as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'],
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

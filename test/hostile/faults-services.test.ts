import { randomUUID } from 'node:crypto';
import { PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { s3Transport } from '../../functions/adapters/documents/s3.js';
import { eventBridgeClient } from '../../functions/events/eventbridge.js';
import { type EventDetail, outboxPut } from '../../functions/events/outbox.js';
import { handler as createNotes } from '../../functions/handlers/create-notes.js';
import { handler as createPaymentInstruction } from '../../functions/handlers/create-payment-instruction.js';
import { handler as publisher } from '../../functions/handlers/publish-outbox-events.js';
import * as importProcessEvents from '../../functions/rules/account/import-process-events.js';
import { TABLE_NAME } from '../../functions/store/dynamodb.js';
import { toLambdaEventImage } from '../../infra/local/lambda-event-image.js';
import { lambdaContext } from '../../infra/local/proxy-event.js';
import { createImportedAccount } from '../post-import/support/imported-account.js';
import { type ArchivedEvent, readEvents, waitForEvents } from '../support/events-file.js';
import { type FaultInjector, faults } from './support/faults.js';
import { invoke } from './support/in-process.js';
import { recordFigure } from './support/runs.js';
import {
  accountPartition,
  createWorld,
  type HostileWorld,
  partitionItems,
  uniqueExternal,
} from './support/world.js';

const publish = (event: DynamoDBStreamEvent) => publisher(event, lambdaContext('publish-outbox-events'));

/**
 * The other services: S3 errors while checking documents, payment vendor
 * faults, and EventBridge faults in the outbox publisher (FailedEntryCount > 0, thrown
 * errors, an outage longer than the publisher's retries, poison records, lost answers).
 */
vi.setConfig({ testTimeout: 60_000 });

let world: HostileWorld;
let injector: FaultInjector | undefined;
let injected = 0;

beforeAll(async () => {
  world = await createWorld('FSV');
});

afterEach(() => {
  injected += injector?.injected ?? 0;
  injector?.restore();
  injector = undefined;
  vi.restoreAllMocks();
  recordFigure({ suite: 'faults', kind: 'services', injected });
  injected = 0;
});

async function freshAccount() {
  const external = uniqueExternal('HZS');
  const account = await createImportedAccount({ supplier: world.supplier, externalAccountNumber: external });
  return { account, ref: { import_supplier: world.supplier, external_account_number: external } };
}

const accountItems = async (serviceAccountNumber: string, prefix: string) =>
  (await partitionItems(accountPartition(serviceAccountNumber))).filter((item) =>
    String(item.sk).startsWith(prefix),
  );

describe('Rule: an S3 failure while checking document paths is a 5xx, writes nothing, and the retry stores the note once', () => {
  const postNote = (ref: Record<string, string>) =>
    invoke(createNotes, {
      method: 'POST',
      path: '/v1/data-import/notes/create/',
      body: {
        ...ref,
        notes: [{ body: 'with a document', document_paths: [{ document_path: world.documentPath }] }],
      },
      suppliers: [world.supplier],
    });

  /** S3 (the HEAD transport of functions/adapters/documents/s3.ts) answers or fails as `fault` says. */
  function s3Fails(fault: () => Promise<Response>) {
    const original = s3Transport.fetch;
    s3Transport.fetch = async () => {
      injected++;
      return fault();
    };
    return () => {
      s3Transport.fetch = original;
    };
  }

  const outages: [string, () => Promise<Response>][] = [
    ['SlowDown (503)', async () => new Response(null, { status: 503 })],
    ['InternalError (500)', async () => new Response(null, { status: 500 })],
    ['throttled (429)', async () => new Response(null, { status: 429 })],
    [
      'a reset connection',
      async () => {
        throw Object.assign(new TypeError('fetch failed (injected)'), { cause: { code: 'ECONNRESET' } });
      },
    ],
    [
      'a timeout',
      async () => {
        throw Object.assign(new Error('timed out (injected)'), { name: 'TimeoutError' });
      },
    ],
  ];

  for (const [name, fault] of outages) {
    it(`${name} on every attempt → 503 service_unavailable; the retry after it clears → 201, one note`, async () => {
      // Prepare
      const { account, ref } = await freshAccount();
      const clear = s3Fails(fault);
      // Act
      const failed = await postNote(ref).finally(clear);
      const afterFault = await accountItems(account.service_account_number, 'NOTE');
      // The client's retry: a 5xx says "send it again" (a busy machine's local S3 may still be slow to answer).
      let retried = await postNote(ref);
      for (let attempt = 1; attempt < 3 && retried.status >= 500; attempt++) retried = await postNote(ref);
      // Assess
      expect(failed).toMatchObject({ status: 503, json: { code: 'service_unavailable' } });
      expect(afterFault).toEqual([]);
      expect(retried.status).toBe(201);
      expect(await accountItems(account.service_account_number, 'NOTE#')).toHaveLength(1);
    });
  }

  it('AccessDenied (403: a permissions problem operators must fix) → 500 internal_error without internals, nothing written', async () => {
    // Prepare
    const { account, ref } = await freshAccount();
    const clear = s3Fails(async () => new Response(null, { status: 403 }));
    // Act
    const failed = await postNote(ref).finally(clear);
    // Assess
    expect(failed).toMatchObject({ status: 500, json: { code: 'internal_error' } });
    expect(failed.text).not.toMatch(/403|HEAD|injected/);
    expect(await accountItems(account.service_account_number, 'NOTE')).toEqual([]);
  });
});

describe('Rule: a payment vendor fault is retried a little inside the call, then a 500 the client retries as is', () => {
  const realFetch = globalThis.fetch;
  const postInstruction = (ref: Record<string, string>, reference: string) =>
    invoke(createPaymentInstruction, {
      method: 'POST',
      path: '/v1/data-import/payment-instruction/create/',
      body: { ...ref, vendor: 'STRIPE', reference, type: 'CARD' },
      suppliers: [world.supplier],
    });

  /** The vendor fails the next `times` calls in the given way, then answers normally. */
  function vendorFails(times: number, how: 'reset' | 'timeout' | '503') {
    let left = times;
    return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (left <= 0) return realFetch(input, init);
      left--;
      injected++;
      if (how === '503') return new Response('{"error":"unavailable"}', { status: 503 });
      throw Object.assign(new Error(`vendor ${how} (injected)`), {
        name: how === 'timeout' ? 'TimeoutError' : 'TypeError',
      });
    });
  }

  it('two dropped connections, then an answer: 201 at once, no 5xx', async () => {
    // Prepare
    const { account, ref } = await freshAccount();
    vendorFails(2, 'reset');
    // Act
    const response = await postInstruction(ref, `pm_flaky_${randomUUID().slice(0, 8)}`);
    // Assess
    expect(response.status).toBe(201);
    expect(await accountItems(account.service_account_number, 'PAYMENT#')).toHaveLength(1);
  });

  for (const how of ['timeout', '503', 'reset'] as const) {
    it(`vendor down (${how} on every attempt) → 500 payment_vendor_unavailable; after it recovers the retry stores the instruction once`, async () => {
      // Prepare
      const { account, ref } = await freshAccount();
      const reference = `pm_outage_${randomUUID().slice(0, 8)}`;
      const spy = vendorFails(3, how);
      // Act
      const failed = await postInstruction(ref, reference);
      const afterFault = await accountItems(account.service_account_number, 'PAYMENT#');
      spy.mockRestore();
      const retried = await postInstruction(ref, reference);
      const again = await postInstruction(ref, reference);
      // Assess
      expect(failed).toMatchObject({ status: 500, json: { code: 'payment_vendor_unavailable' } });
      expect(afterFault).toEqual([]);
      expect(retried.status).toBe(201);
      expect(again.json).toEqual(retried.json);
      expect(await accountItems(account.service_account_number, 'PAYMENT#')).toHaveLength(1);
      const about = (type: string) => (event: ArchivedEvent) =>
        event.detail.event_type === type &&
        event.detail.payload.import_process_external_identifier === ref.external_account_number;
      await waitForEvents(about('data_import.import_process.post_import.completed'));
      await waitForEvents(about('data_import.import_process.post_import.error'));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(readEvents().filter(about('data_import.import_process.post_import.completed'))).toHaveLength(1);
      expect(readEvents().filter(about('data_import.import_process.post_import.error'))).toHaveLength(1);
    });
  }
});

describe('Rule: every event in the outbox is delivered to EventBridge exactly once, through FailedEntryCount, errors and retries', () => {
  let sequence = 0;
  function outboxRecord(events: EventDetail[]): DynamoDBRecord {
    sequence++;
    return {
      eventName: 'INSERT',
      dynamodb: {
        SequenceNumber: `${Date.now()}${String(sequence).padStart(6, '0')}`,
        NewImage: toLambdaEventImage(marshall(outboxPut(TABLE_NAME, events).Put.Item)),
      },
    };
  }
  const someEvents = (count: number) =>
    Array.from({ length: count }, () => importProcessEvents.dryRunComplete(uniqueExternal('HZE')));

  /** EventBridge that fails as `fail` says; entries not failed are really delivered (local endpoint). */
  function eventBridgeFails(
    fail: (call: number, entries: PutEventsRequestEntry[]) => 'throw' | 'lose-answer' | number[] | undefined,
  ) {
    const realSend = eventBridgeClient.send.bind(eventBridgeClient) as (
      command: PutEventsCommand,
    ) => Promise<{ Entries: { EventId?: string }[] }>;
    const mock = mockClient(eventBridgeClient);
    let call = 0;
    mock.on(PutEventsCommand).callsFake(async (input: { Entries: PutEventsRequestEntry[] }) => {
      const how = fail(call++, input.Entries);
      if (how === undefined) return realSend(new PutEventsCommand(input));
      injected++;
      if (how === 'throw') throw faults.throttlingException();
      if (how === 'lose-answer') {
        await realSend(new PutEventsCommand(input));
        throw faults.timeout();
      }
      const failed = new Set(how);
      const kept = input.Entries.filter((_, i) => !failed.has(i));
      const result =
        kept.length > 0 ? await realSend(new PutEventsCommand({ ...input, Entries: kept })) : { Entries: [] };
      let next = 0;
      return {
        FailedEntryCount: failed.size,
        Entries: input.Entries.map((_, i) =>
          failed.has(i) ? { ErrorCode: 'InternalFailure', ErrorMessage: 'injected' } : result.Entries[next++],
        ),
      };
    });
    return mock;
  }

  /** How many times each event arrived in the bus archive, once every one arrived. */
  async function deliveries(events: EventDetail[]): Promise<number[]> {
    const ids = new Set(events.map((event) => event.event_id));
    await waitForEvents((event) => ids.has(event.detail.event_id), { count: ids.size, timeoutMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const archived = readEvents().filter((event) => ids.has(event.detail.event_id));
    return events.map((event) => archived.filter((a) => a.detail.event_id === event.event_id).length);
  }

  it('entries counted in FailedEntryCount are re-sent until accepted; each event arrives once', async () => {
    // Prepare: 25 events (three PutEvents calls); the first two calls fail some entries.
    const events = someEvents(25);
    const mock = eventBridgeFails((call) => (call === 0 ? [1, 4, 9] : call === 1 ? [0] : undefined));
    // Act
    const result = await publish({ Records: [outboxRecord(events)] });
    mock.restore();
    // Assess
    expect(result.batchItemFailures).toEqual([]);
    expect(await deliveries(events)).toEqual(Array(25).fill(1));
  });

  it('thrown PutEvents errors are retried; each event arrives once', async () => {
    // Prepare
    const events = someEvents(12);
    const mock = eventBridgeFails((call) => (call < 2 ? 'throw' : undefined));
    // Act
    const result = await publish({ Records: [outboxRecord(events)] });
    mock.restore();
    // Assess
    expect(result.batchItemFailures).toEqual([]);
    expect(await deliveries(events)).toEqual(Array(12).fill(1));
  });

  it('an outage longer than the publisher retries reports the record and every later one; the redelivered batch sends each event once', async () => {
    // Prepare: the first chunk goes through, then EventBridge is down for good.
    const first = someEvents(15);
    const second = someEvents(3);
    const records = [outboxRecord(first), outboxRecord(second)];
    const mock = eventBridgeFails((call) => (call === 0 ? undefined : 'throw'));
    // Act: Lambda's first attempt, then its retry of the reported records once EventBridge is back.
    const failedAttempt = await publish({ Records: records });
    mock.restore();
    const retried = records.filter((record) =>
      failedAttempt.batchItemFailures.some(
        (failure) => failure.itemIdentifier === record.dynamodb?.SequenceNumber,
      ),
    );
    const retryAttempt = await publish({ Records: retried });
    // Assess
    expect(failedAttempt.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(
      records.map((record) => record.dynamodb?.SequenceNumber),
    );
    expect(retryAttempt.batchItemFailures).toEqual([]);
    expect(await deliveries([...first, ...second])).toEqual(Array(18).fill(1));
  });

  it('a poison record is reported for the dead-letter queue and does not stop the other records', async () => {
    // Prepare
    const good = someEvents(3);
    const poison: DynamoDBRecord = {
      eventName: 'INSERT',
      dynamodb: {
        SequenceNumber: `${Date.now()}poison`,
        NewImage: marshall({ pk: `OUTBOX#${randomUUID()}`, sk: 'OUTBOX', events: '{not json' }) as never,
      },
    };
    // Act
    const result = await publish({ Records: [poison, outboxRecord(good)] });
    // Assess
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: poison.dynamodb?.SequenceNumber }]);
    expect(await deliveries(good)).toEqual([1, 1, 1]);
  });

  it('a lost PutEvents answer means a re-send: delivery is at least once, and duplicates carry the same event_id', async () => {
    // Prepare
    const events = someEvents(4);
    const mock = eventBridgeFails((call) => (call === 0 ? 'lose-answer' : undefined));
    // Act
    const result = await publish({ Records: [outboxRecord(events)] });
    mock.restore();
    // Assess: each event arrived twice, identical, so subscribers deduplicate on event_id.
    expect(result.batchItemFailures).toEqual([]);
    expect(await deliveries(events)).toEqual([2, 2, 2, 2]);
    const ids = new Set(events.map((event) => event.event_id));
    const archived = readEvents().filter((event) => ids.has(event.detail.event_id));
    for (const event of events) {
      const copies = archived.filter((a) => a.detail.event_id === event.event_id).map((a) => a.detail);
      expect(copies).toEqual([event, event]);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventBridgeLocal, startEventBridgeLocal } from '../../infra/local/eventbridge-local.js';
import { readEvents, waitForEvents } from '../support/events-file.js';

describe('PutEvents through the real SDK client is accepted and archived once as a full envelope', () => {
  it('answers with an EventId per entry and appends each entry to DATA_IMPORT_EVENTS_FILE', async () => {
    // Prepare
    const client = new EventBridgeClient({});
    const marker = randomUUID();

    // Act
    const result = await client.send(
      new PutEventsCommand({
        Entries: [1, 2].map((n) => ({
          EventBusName: process.env.DATA_IMPORT_EVENT_BUS_NAME,
          Source: 'test.local',
          DetailType: 'sdk-check',
          Detail: JSON.stringify({ marker, n }),
          Resources: ['arn:aws:test:::thing'],
          Time: new Date('2025-03-04T05:06:07Z'),
        })),
      }),
    );

    // Assess
    expect(result.FailedEntryCount).toBe(0);
    expect(result.Entries).toHaveLength(2);
    const events = await waitForEvents(
      (e) => (e.detail as unknown as { marker?: string }).marker === marker,
      {
        count: 2,
      },
    );
    expect(events.map((e) => e.id)).toEqual(result.Entries?.map((e) => e.EventId));
    expect(events[0]).toEqual({
      version: '0',
      id: result.Entries?.[0]?.EventId,
      'detail-type': 'sdk-check',
      source: 'test.local',
      account: '000000000000',
      time: '2025-03-04T05:06:07Z',
      region: 'eu-west-2',
      resources: ['arn:aws:test:::thing'],
      detail: { marker, n: 1 },
    });
  });

  it('reports an entry whose Detail is not a JSON object as failed and archives only the valid ones', async () => {
    // Prepare
    const client = new EventBridgeClient({});
    const marker = randomUUID();

    // Act
    const result = await client.send(
      new PutEventsCommand({
        Entries: [
          { Source: 'test.local', DetailType: 'bad', Detail: '{not json' },
          { Source: 'test.local', DetailType: 'good', Detail: JSON.stringify({ marker }) },
        ],
      }),
    );

    // Assess
    expect(result.FailedEntryCount).toBe(1);
    expect(result.Entries?.[0]).toMatchObject({ ErrorCode: 'MalformedDetail' });
    expect(result.Entries?.[1]?.EventId).toEqual(expect.any(String));
    const archived = readEvents().filter((e) => JSON.stringify(e.detail).includes(marker));
    expect(archived.map((e) => e['detail-type'])).toEqual(['good']);
  });

  it('rejects more than 10 entries in one call', async () => {
    // Prepare
    const client = new EventBridgeClient({ maxAttempts: 1 });
    const entries = Array.from({ length: 11 }, () => ({ Source: 's', DetailType: 'd', Detail: '{}' }));

    // Act
    const outcome = client.send(new PutEventsCommand({ Entries: entries }));

    // Assess
    await expect(outcome).rejects.toMatchObject({ name: 'ValidationException' });
  });
});

describe('Rules from the rules file deliver matching events to their JSONL targets', () => {
  let directory: string;
  let bus: EventBridgeLocal;
  const file = (name: string) => join(directory, name);

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'eventbridge-local-'));
    writeFileSync(
      file('rules.json'),
      JSON.stringify({
        rules: [
          {
            name: 'created-v1',
            event_pattern: { source: ['data-import'], 'detail-type': ['account.created@v1'] },
            target: file('created.jsonl'),
          },
          {
            name: 'every-import-process-event',
            event_pattern: { detail: { event_type: [{ prefix: 'data_import.import_process.' }] } },
            target: file('processes.jsonl'),
          },
          {
            name: 'created-v1-in-a-folder-not-made-yet',
            event_pattern: { source: ['data-import'], 'detail-type': ['account.created@v1'] },
            target: file('targets/created.jsonl'),
          },
          {
            name: 'not-billing-nor-accounts',
            event_pattern: {
              source: ['data-import'],
              detail: { event_type: [{ 'anything-but': { prefix: ['billing.', 'account.'] } }] },
            },
            target: file('others.jsonl'),
          },
          {
            name: 'switched-off',
            enabled: false,
            event_pattern: { source: ['data-import'] },
            target: file('off.jsonl'),
          },
        ],
      }),
    );
    bus = await startEventBridgeLocal({
      port: 0,
      eventsFile: file('archive.jsonl'),
      rulesFile: file('rules.json'),
      region: 'eu-west-2',
    });
  });

  afterAll(async () => {
    await bus.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('appends a matching event to each matching target (making its folder), and every event to the archive once', async () => {
    // Prepare
    const client = new EventBridgeClient({ endpoint: bus.endpoint });
    const entry = (type: string, version: string) => ({
      Source: 'data-import',
      DetailType: `${type}@${version}`,
      Detail: JSON.stringify({ event_type: type, version, event_id: randomUUID(), payload: {} }),
    });

    // Act
    await client.send(
      new PutEventsCommand({
        Entries: [
          entry('account.created', 'v1'),
          entry('data_import.import_process.complete', 'v1'),
          entry('billing.ledger.entry_posted', 'v2'),
        ],
      }),
    );

    // Assess
    const types = (name: string) => readEvents(file(name)).map((e) => e['detail-type']);
    expect(types('archive.jsonl')).toEqual([
      'account.created@v1',
      'data_import.import_process.complete@v1',
      'billing.ledger.entry_posted@v2',
    ]);
    expect(types('created.jsonl')).toEqual(['account.created@v1']);
    expect(types('targets/created.jsonl')).toEqual(['account.created@v1']);
    expect(types('processes.jsonl')).toEqual(['data_import.import_process.complete@v1']);
    expect(types('others.jsonl')).toEqual(['data_import.import_process.complete@v1']);
    expect(types('off.jsonl')).toEqual([]);
  });

  it('refuses to start with a rules file whose pattern is invalid', async () => {
    // Prepare
    writeFileSync(
      file('bad-rules.json'),
      JSON.stringify({
        rules: [{ name: 'bad', event_pattern: { source: [{ regex: 'x' }] }, target: 'x.jsonl' }],
      }),
    );

    // Act
    const starting = startEventBridgeLocal({
      port: 0,
      eventsFile: file('unused.jsonl'),
      rulesFile: file('bad-rules.json'),
      region: 'eu-west-2',
    });

    // Assess
    await expect(starting).rejects.toThrow(/rule "bad" \(rules\.0\.event_pattern\)/);
  });

  it('refuses to start with a subscriber rule whose pattern EventBridge refuses, naming it', async () => {
    // Act
    const starting = startEventBridgeLocal({
      port: 0,
      eventsFile: file('unused.jsonl'),
      rulesFile: file('rules.json'),
      subscriberRules: [{ name: 'subscriber:empty', event_pattern: {}, target: file('empty.jsonl') }],
      region: 'eu-west-2',
    });

    // Assess
    await expect(starting).rejects.toThrow(
      /rule "subscriber:empty" \(a local subscriber\).*pattern is empty/,
    );
  });
});

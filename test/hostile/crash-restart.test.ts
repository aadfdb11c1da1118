import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, paginateScan } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { eventsOfOutboxItem } from '../../functions/events/outbox.js';
import { OUTBOX_PK_PREFIX } from '../../functions/store/keys.js';
import { TimedClient } from '../bench/http-client.js';
import { accountPayload, transactionsPayload } from '../bench/payloads.js';
import { obtainServiceToken } from '../support/auth.js';
import { readEvents } from '../support/events-file.js';
import { type Running, runtimeOnOwnData } from '../support/killable-runtime.js';
import { FULL, recordFigure } from './support/runs.js';

/**
 * Crash safety of the outbox: `npm start -- --data-dir DIR` is killed with SIGKILL (the whole
 * process group, DynamoDB Local's JVM included) at a random moment while requests are being
 * answered, then started again on the same directory. Every outbox item the table holds was
 * committed with its state change, so every one of its events must reach the events file
 * (at least once: an event published just before the kill may appear twice).
 */
const ROUNDS = FULL ? 4 : 1;
const WORKERS = 3;
const TRANSACTIONS_PER_POST = 1000;

/**
 * Load until the runtime stops answering (it is killed meanwhile): WORKERS clients each stage,
 * create and feed one account after another. `committing` resolves at the first account created.
 */
function load(running: Running, round: number): { committing: Promise<void>; done: Promise<void> } {
  let firstCommit: () => void = () => undefined;
  const committing = new Promise<void>((resolve) => {
    firstCommit = resolve;
  });
  const worker = async (id: number, client: TimedClient) => {
    for (let n = 0; ; n++) {
      const external = `CRASH-${round}-${id}-${n}-${randomUUID()}`;
      await client.call(
        'stage',
        'POST',
        '/v1/data-import/account-import-process/create-or-update/',
        accountPayload('ACME', external),
      );
      await client.call('process', 'POST', '/v1/data-import/account-import-process/process/', {
        import_supplier: 'ACME',
        external_account_number: external,
      });
      firstCommit();
      const ids = Array.from({ length: TRANSACTIONS_PER_POST }, (_, i) => `T-${i}`);
      await client.call(
        'transactions',
        'POST',
        '/v1/data-import/transactions/create/',
        transactionsPayload('ACME', external, ids),
      );
    }
  };
  const done = obtainServiceToken({ APIKey: 'local-dev-key-acme' }, running.url)
    .then(({ token }) =>
      Promise.all(
        Array.from({ length: WORKERS }, (_, id) => worker(id, new TimedClient(running.url, token))),
      ),
    )
    .then(
      () => undefined,
      () => firstCommit(), // the kill cuts requests off: what was committed is what counts
    );
  return { committing, done };
}

/** Every event id held by an outbox item in the table (each was committed with its state change). */
async function committedEventIds(running: Running): Promise<string[]> {
  const client = new DynamoDBClient({
    endpoint: running.dynamoEndpoint,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const documents = DynamoDBDocumentClient.from(client);
  const ids: string[] = [];
  for await (const page of paginateScan(
    { client: documents },
    {
      TableName: running.tableName,
      FilterExpression: 'begins_with(pk, :outbox)',
      ExpressionAttributeValues: { ':outbox': OUTBOX_PK_PREFIX },
    },
  )) {
    for (const item of page.Items ?? []) ids.push(...eventsOfOutboxItem(item).map((e) => e.event_id));
  }
  client.destroy();
  return ids;
}

/** Polls the events file until every id is there (the poller publishes in the background). */
async function publishedAll(eventsFile: string, ids: readonly string[], deadlineMs: number) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const published = readEvents(eventsFile).map((event) => event.detail.event_id);
    const seen = new Set(published);
    const missing = ids.filter((id) => !seen.has(id));
    if (missing.length === 0 || Date.now() > deadline) return { published, missing };
    await sleep(200);
  }
}

describe('Events are never lost when the local runtime is killed under load and restarted', () => {
  const runtime = runtimeOnOwnData('crash-restart-');
  const { eventsFile } = runtime;

  it(
    'after a SIGKILL at a random moment and a restart on the same data dir, every committed outbox event is in the events file',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        // Prepare
        const before = readEvents(eventsFile).map((event) => event.detail.event_id);
        const current = await runtime.start();

        // Act: load, and kill everything at a random moment while it is being answered
        const loading = load(current, round);
        await loading.committing;
        await sleep(Math.floor(Math.random() * 3000));
        await runtime.kill('SIGKILL');
        await loading.done;
        const running = await runtime.start();

        // Assess
        const committed = await committedEventIds(running);
        const { published, missing } = await publishedAll(eventsFile, committed, 60_000);
        const duplicates = published.length - new Set(published).size;
        recordFigure({
          suite: 'crash-restart',
          round,
          committed_events: committed.length,
          published_entries: published.length,
          duplicates,
          missing: missing.length,
        });
        expect(missing, `${missing.length} of ${committed.length} committed events never published`).toEqual(
          [],
        );
        // A restart resumes where publishing stopped: what earlier rounds published is not sent again.
        const earlier = new Set(before);
        expect(published.filter((id) => earlier.has(id))).toHaveLength(before.length);
        await runtime.kill('SIGTERM');
      }
    },
    FULL ? 1_200_000 : 300_000,
  );
});

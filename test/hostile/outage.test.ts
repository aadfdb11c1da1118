import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOfOutboxItem } from '../../functions/events/outbox.js';
import { type DynamoDbLocal, startDynamoDbLocal } from '../../infra/local/dynamodb-local.js';
import { freePort } from '../../infra/local/free-port.js';
import { stagedAccount } from '../accounts/support/store.js';
import { expectLedgerEntryIds } from '../post-import/support/ledger.js';
import type { InvokeResult } from './support/in-process.js';
import { recordFigure } from './support/runs.js';

/**
 * A real outage: DynamoDB Local is stopped in the middle of a run of
 * requests and started again. The shared runtime's DynamoDB Local serves every other test
 * file, so this file starts a PRIVATE one (with a data directory, so a restart keeps the
 * data) and loads the handler modules only after pointing AWS_ENDPOINT_URL_DYNAMODB at it:
 * the modules of this test file (vitest isolates each file) talk to the private instance.
 *
 * Expected: requests during the outage get 503 (retry as is), nothing hangs; retried after
 * the restart, every request succeeds and the final state holds each item exactly once, with
 * each of its events exactly once in the outbox.
 */
const TIMEOUT = 180_000;
let dynamo: DynamoDbLocal;
let port: number;
let dataDir: string;
const sharedEndpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
const SUPPLIER = 'HZ-OUTAGE';

// Loaded after the environment points at the private DynamoDB Local.
let handlers: { notes: unknown; transactions: unknown; stage: unknown };
let helpers: {
  invoke: typeof import('./support/in-process.js').invoke;
  createImportedAccount: typeof import('../post-import/support/imported-account.js').createImportedAccount;
  scanAll: () => Promise<Record<string, unknown>[]>;
};

beforeAll(async () => {
  port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'hostile-outage-'));
  dynamo = await startDynamoDbLocal({ port, dataDir });
  process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamo.endpoint;
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  const { createTable } = await import('../../infra/local/create-table.js');
  const admin = new DynamoDBClient({ endpoint: dynamo.endpoint, region: process.env.AWS_REGION });
  await createTable(admin, process.env.DATA_IMPORT_TABLE_NAME as string);
  admin.destroy();
  const { putSupplier } = await import('../../functions/store/supplier-store.js');
  await putSupplier({
    code: SUPPLIER,
    status: 'Ongoing',
    root_location: 'hostile/outage',
    expiry_window_days: 30,
  });
  const { documentClient, TABLE_NAME } = await import('../../functions/store/dynamodb.js');
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  handlers = {
    notes: (await import('../../functions/handlers/create-notes.js')).handler,
    transactions: (await import('../../functions/handlers/create-transactions.js')).handler,
    stage: (await import('../../functions/handlers/stage-account.js')).handler,
  };
  helpers = {
    invoke: (await import('./support/in-process.js')).invoke,
    createImportedAccount: (await import('../post-import/support/imported-account.js')).createImportedAccount,
    // A Scan is fine here: the table is private to this test.
    scanAll: async () => {
      const items: Record<string, unknown>[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await documentClient.send(
          new ScanCommand({ TableName: TABLE_NAME, ExclusiveStartKey, ConsistentRead: true }),
        );
        items.push(...(page.Items ?? []));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return items;
    },
  };
}, TIMEOUT);

afterAll(async () => {
  await dynamo?.stop();
  if (sharedEndpoint) process.env.AWS_ENDPOINT_URL_DYNAMODB = sharedEndpoint;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, TIMEOUT);

describe('Rule: when DynamoDB goes away mid-run, clients get 503 and their retries after it returns leave every item exactly once', () => {
  it(
    'notes, transactions and stagings sent before, during and after an outage',
    async () => {
      // Prepare: one imported account and a run of 36 requests, each naming its own items.
      const account = await helpers.createImportedAccount({
        supplier: SUPPLIER,
        externalAccountNumber: 'OUTAGE-1',
      });
      const ref = { import_supplier: SUPPLIER, external_account_number: 'OUTAGE-1' };
      const requests = Array.from({ length: 36 }, (_, i) => {
        const kind = i % 3;
        if (kind === 0)
          return {
            handler: handlers.notes,
            path: '/v1/data-import/notes/create/',
            body: { ...ref, notes: [{ body: `outage note ${i}`, created_at: '2026-02-01T00:00:00Z' }] },
          };
        if (kind === 1)
          return {
            handler: handlers.transactions,
            path: '/v1/data-import/transactions/create/',
            body: {
              ...ref,
              transactions: [0, 1].map((k) => ({
                transaction_id: `OUT-${i}-${k}`,
                transaction_date: '2026-02-01',
                amount: 10 + k,
                type: 'CHARGE',
              })),
            },
          };
        return {
          handler: handlers.stage,
          path: '/v1/data-import/account-import-process/create-or-update/',
          body: stagedAccount(SUPPLIER, `OUTAGE-STAGED-${i}`),
        };
      });
      const send = (i: number) =>
        helpers.invoke(requests[i]?.handler, {
          method: 'POST',
          path: requests[i]?.path as string,
          body: requests[i]?.body,
          suppliers: [SUPPLIER],
        });

      // Act: the run; DynamoDB Local stops after the 12th answer and comes back after the 24th.
      const first: InvokeResult[] = [];
      for (let i = 0; i < requests.length; i++) {
        if (i === 12) await dynamo.stop();
        if (i === 24) dynamo = await startDynamoDbLocal({ port, dataDir });
        first.push(await send(i));
      }
      const retried = new Map<number, InvokeResult>();
      for (const [i, response] of first.entries()) if (response.status >= 500) retried.set(i, await send(i));

      // Assess: 5xx only during the outage, all retryable 503s; every retry succeeded.
      const outage = first.slice(12, 24);
      expect(outage.map((r) => r.status)).toEqual(Array(12).fill(503));
      for (const response of outage) expect(response.json.code).toBe('service_unavailable');
      expect(first.filter((r, i) => (i < 12 || i >= 24) && r.status >= 500)).toEqual([]);
      expect(
        [...retried.values()].map((r) => r.status).every((status) => status === 200 || status === 201),
      ).toBe(true);
      recordFigure({ suite: 'faults', kind: 'dynamodb-outage', injected: outage.length });

      // …and the final state: each note, transaction and staged account once, with its events once.
      const items = await helpers.scanAll();
      const own = items.filter((item) => String(item.pk) === `ACCOUNT#${account.service_account_number}`);
      const notes = own.filter((item) => String(item.sk).startsWith('NOTE#'));
      const transactions = own.filter((item) => String(item.sk).startsWith('TXN#'));
      expect(notes.map((note) => note.body).sort()).toEqual(
        requests.flatMap((_, i) => (i % 3 === 0 ? [`outage note ${i}`] : [])).sort(),
      );
      expect(transactions).toHaveLength(24);
      expect(new Set(transactions.map((t) => t.transaction_id)).size).toBe(24);
      expectLedgerEntryIds(transactions, transactions.map((t) => String(t.transaction_id)).sort());
      const staged = items.filter((item) => String(item.pk).startsWith(`IMPORT#${SUPPLIER}#OUTAGE-STAGED-`));
      expect(staged).toHaveLength(2 * 12);
      const outboxEvents = items
        .filter((item) => String(item.pk).startsWith('OUTBOX#'))
        .flatMap(
          (item) =>
            eventsOfOutboxItem(item) as {
              event_type: string;
              event_id: string;
              payload: Record<string, unknown>;
            }[],
        );
      expect(new Set(outboxEvents.map((event) => event.event_id)).size).toBe(outboxEvents.length);
      const count = (type: string, resourceType?: string) =>
        outboxEvents.filter(
          (event) =>
            event.event_type === type &&
            (resourceType === undefined || event.payload.resource_type === resourceType),
        ).length;
      expect(count('billing.ledger.entry_posted')).toBe(24);
      expect(count('data_import.import_process.post_import.completed', 'NOTE')).toBe(12);
      expect(count('data_import.import_process.post_import.completed', 'TRANSACTION_BATCH')).toBe(12);
    },
    TIMEOUT,
  );
});

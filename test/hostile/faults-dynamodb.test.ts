import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as createStatements } from '../../functions/handlers/create-historical-statements.js';
import { handler as createNotes } from '../../functions/handlers/create-notes.js';
import { handler as createPaymentInstruction } from '../../functions/handlers/create-payment-instruction.js';
import { handler as createTransactions } from '../../functions/handlers/create-transactions.js';
import { handler as getStatus } from '../../functions/handlers/get-account-transfer-status.js';
import { handler as listAll } from '../../functions/handlers/list-all-import-processes.js';
import { handler as processAccount } from '../../functions/handlers/process-account.js';
import { handler as stageAccount } from '../../functions/handlers/stage-account.js';
import { type Account, withoutNulls } from '../../functions/rules/account/account.js';
import { accountCreationEvents } from '../../functions/rules/account/creation-events/index.js';
import { accountTransactions } from '../../functions/rules/account/statement-period.js';
import { documentClient } from '../../functions/store/dynamodb.js';
import { accountPayload } from '../accounts/support/accounts.js';
import { createImportedAccount } from '../post-import/support/imported-account.js';
import { exampleTransactions } from '../post-import/support/post-import-api.js';
import { type ArchivedEvent, readEvents, waitForEvents } from '../support/events-file.js';
import { type Fault, type FaultInjector, type FaultPlan, faults, injectFaults } from './support/faults.js';
import { type InvokeResult, invoke } from './support/in-process.js';
import { FULL, recordFigure } from './support/runs.js';
import {
  accountPartition,
  createWorld,
  type HostileWorld,
  importPartition,
  partitionItems,
  uniqueExternal,
} from './support/world.js';

/**
 * DynamoDB: throttling, timeouts (before the write, and after it succeeded
 * with the answer lost) and TransactionCanceledException, injected with aws-sdk-client-mock
 * around the real handler modules. The client gets a 5xx only when a retry can succeed; the
 * retry after the fault clears leaves the same state as a fault-free run (no loss, no
 * duplicate), and every event is emitted exactly once.
 */
vi.setConfig({ testTimeout: 60_000 });

let world: HostileWorld;
let injector: FaultInjector | undefined;
let faultsInjected = 0;

beforeAll(async () => {
  world = await createWorld('FDB');
});

afterEach(() => {
  faultsInjected += injector?.injected ?? 0;
  injector?.restore();
  injector = undefined;
  recordFigure({ suite: 'faults', kind: 'dynamodb', injected: faultsInjected });
  faultsInjected = 0;
});

/** Faults the first `times` commands named `command` (by class name), then lets everything through. */
function faultFirst(command: string, make: () => Fault, times = 1): FaultPlan {
  let left = times;
  return (sent) => {
    if (sent.name !== command || left === 0) return undefined;
    left--;
    return make();
  };
}

function inject(plan: FaultPlan): FaultInjector {
  injector = injectFaults(documentClient as never, plan);
  return injector;
}

/**
 * Attributes that differ between twins by design. `next_ledger_entry_id` is the reservation
 * counter and `ledger_entry_id` the ids it hands out: ids are reserved before the write, so a
 * failed attempt leaves a gap (documented; unique, increasing ids are checked in the concurrency
 * suites).
 */
const VOLATILE = new Set([
  'recorded_at',
  'note_id',
  'verified_at',
  'updated_at',
  'batch_id',
  'next_ledger_entry_id',
  'ledger_entry_id',
]);

/** What a post-import request leaves, with the account's own numbers replaced (so twins compare equal). */
async function postImportState(account: {
  service_account_number: string;
  ledger_number: string;
  external_account_number: string;
}) {
  // Summary aggregates live in shards each write picks at random, so twins differ in which shard
  // holds what; their exactness is checked against a recount in the account summary tests.
  const items = (await partitionItems(accountPartition(account.service_account_number))).filter(
    (item) => !String(item.sk).startsWith('SUMMARY#'),
  );
  return items.map((item) => {
    const kept = Object.fromEntries(
      Object.entries(item).filter(
        ([key]) => !VOLATILE.has(key) && (key !== 'created_at' || String(item.sk).startsWith('NOTE#')),
      ),
    );
    return JSON.parse(
      JSON.stringify(kept)
        .replaceAll(account.service_account_number, '<SAN>')
        .replaceAll(account.ledger_number, '<LEDGER>')
        .replaceAll(account.external_account_number, '<EXT>'),
    );
  });
}

interface Subject {
  external: string;
  serviceAccountNumber?: string;
  /** Events expected at least (waited for). */
  expected: number;
}

/**
 * Event type counts about each subject (events naming its external or service account
 * number), once the expected events arrived and the stream settled. Event ids are unique.
 */
async function eventCounts(...subjects: Subject[]): Promise<Record<string, number>[]> {
  const about = (subject: Subject) => (event: ArchivedEvent) => {
    const payload = JSON.stringify(event.detail?.payload ?? {});
    return (
      payload.includes(`"${subject.external}"`) ||
      (subject.serviceAccountNumber !== undefined && payload.includes(`"${subject.serviceAccountNumber}"`))
    );
  };
  for (const subject of subjects) {
    if (subject.expected > 0)
      await waitForEvents(about(subject), { count: subject.expected, timeoutMs: 30_000 });
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const all = readEvents();
  return subjects.map((subject) => {
    const events = all.filter(about(subject));
    expect(new Set(events.map((event) => event.detail.event_id)).size).toBe(events.length);
    const counts: Record<string, number> = {};
    for (const event of events) counts[event.detail.event_type] = (counts[event.detail.event_type] ?? 0) + 1;
    return counts;
  });
}

/**
 * The events one creation of `payload` emits that name its account (by type): the creation's own
 * (built as the service builds them) and one ledger entry per transaction it carries.
 */
function creationEventCounts(payload: Record<string, unknown>, number: string): Record<string, number> {
  const account = withoutNulls(payload) as Account;
  const external = String(account.external_account_number);
  const counts: Record<string, number> = {};
  const built = accountCreationEvents(account, {
    serviceAccountNumber: number,
    importSupplier: String(account.import_supplier),
    externalAccountNumber: external,
    firstId: 1,
    createdAt: new Date(),
  }).filter((event) => {
    const text = JSON.stringify(event.payload);
    return text.includes(`"${external}"`) || text.includes(`"${number}"`);
  });
  for (const event of built) counts[event.event_type] = (counts[event.event_type] ?? 0) + 1;
  const transactions = accountTransactions(account).length;
  if (transactions > 0) counts['billing.ledger.entry_posted'] = transactions;
  return counts;
}

interface PostImportCase {
  name: string;
  handler: unknown;
  path: string;
  body: (ref: Record<string, string>) => Record<string, unknown>;
  /** Events one successful request emits for a fresh account. */
  events: number;
}

const postImportCases: PostImportCase[] = [
  {
    name: 'notes',
    handler: createNotes,
    path: '/v1/data-import/notes/create/',
    body: (ref) => ({
      ...ref,
      notes: [
        { body: 'fault note', created_at: '2026-02-01T10:00:00Z' },
        { body: 'second fault note', created_at: '2026-02-02T10:00:00Z' },
      ],
    }),
    events: 2,
  },
  {
    name: 'transactions',
    handler: createTransactions,
    path: '/v1/data-import/transactions/create/',
    body: (ref) => ({
      ...ref,
      transactions: [
        exampleTransactions.charge('F-1', '2026-02-01'),
        exampleTransactions.payment('F-2', '2026-02-02'),
        exampleTransactions.supplyCharge('F-3', '2026-02-03'),
      ],
    }),
    events: 4,
  },
  {
    name: 'historical statements',
    handler: createStatements,
    path: '/v1/data-import/historical-statements/create/',
    body: (ref) => ({
      ...ref,
      statements: [
        {
          statement_id: 'FS-1',
          bill_period_from_date: '2025-01-01',
          bill_period_to_date: '2025-01-31',
          issued_date: '2025-02-01',
          number: '7',
          gross_amount: 12.5,
        },
      ],
    }),
    events: 1,
  },
  {
    name: 'payment instruction',
    handler: createPaymentInstruction,
    path: '/v1/data-import/payment-instruction/create/',
    body: (ref) => ({ ...ref, vendor: 'STRIPE', reference: 'pm_fault_same_reference', type: 'CARD' }),
    events: 1,
  },
];

async function freshAccount() {
  const external = uniqueExternal('HZF');
  const account = await createImportedAccount({ supplier: world.supplier, externalAccountNumber: external });
  return { account, ref: { import_supplier: world.supplier, external_account_number: external } };
}

function send(testCase: PostImportCase, ref: Record<string, string>): Promise<InvokeResult> {
  return invoke(testCase.handler, {
    method: 'POST',
    path: testCase.path,
    body: testCase.body(ref),
    suppliers: [world.supplier],
  });
}

function expectRetryable(response: InvokeResult) {
  expect(response.status).toBe(503);
  expect(response.json).toEqual({ detail: expect.any(String), code: 'service_unavailable' });
}

const allFaults: [string, () => Fault][] = [
  ['throttling before the write', () => ({ before: faults.throttling() })],
  ['a timeout before the write', () => ({ before: faults.timeout() })],
  ['a timeout after the write succeeded (answer lost)', () => ({ after: faults.timeout() })],
  ['an internal server error after the write succeeded', () => ({ after: faults.internal() })],
];

/** The full run tries every fault on every endpoint; the short run one fault per endpoint, in turn. */
const faultsFor = (endpoint: number) =>
  FULL ? allFaults : [allFaults[endpoint % allFaults.length] as [string, () => Fault]];

describe('Rule: a DynamoDB fault on a post-import write gives a retryable 5xx, and the retry leaves the fault-free state with each event once', () => {
  for (const [endpoint, testCase] of postImportCases.entries()) {
    for (const [faultName, fault] of faultsFor(endpoint)) {
      it(`${testCase.name}: ${faultName}`, async () => {
        // Prepare: a twin account gets the same request without faults.
        const twin = await freshAccount();
        expect((await send(testCase, twin.ref)).status).toBe(201);
        const { account, ref } = await freshAccount();
        const before = await postImportState(account);
        inject(faultFirst('TransactWriteCommand', fault));

        // Act: the faulty request, then the client's retry once the fault cleared.
        const failed = await send(testCase, ref);
        const stateAfterFault = await postImportState(account);
        injector?.plan(() => undefined);
        const retried = await send(testCase, ref);

        // Assess
        expectRetryable(failed);
        if ('before' in fault()) expect(stateAfterFault).toEqual(before);
        expect(retried.status).toBe(201);
        expect(await postImportState(account)).toEqual(await postImportState(twin.account));
        const [twinEvents, events] = await eventCounts(
          {
            external: twin.ref.external_account_number,
            serviceAccountNumber: twin.account.service_account_number,
            expected: testCase.events,
          },
          {
            external: ref.external_account_number,
            serviceAccountNumber: account.service_account_number,
            expected: testCase.events,
          },
        );
        expect(events).toEqual(twinEvents);
      });
    }
  }

  it('transactions: a conflicting concurrent transaction (TransactionCanceledException) is retried inside the request, no 5xx', async () => {
    // Prepare
    const twin = await freshAccount();
    const testCase = postImportCases[1] as PostImportCase;
    expect((await send(testCase, twin.ref)).status).toBe(201);
    const { account, ref } = await freshAccount();
    inject(
      faultFirst('TransactWriteCommand', () => ({ before: faults.cancelled(5, 'TransactionConflict') }), 2),
    );
    // Act
    const response = await send(testCase, ref);
    // Assess
    expect(response.status).toBe(201);
    expect(injector?.injected).toBe(2);
    expect(await postImportState(account)).toEqual(await postImportState(twin.account));
  });

  it('notes: a transaction cancelled by throttling is a retryable 503, not a 500', async () => {
    // Prepare
    const { account, ref } = await freshAccount();
    const testCase = postImportCases[0] as PostImportCase;
    const before = await postImportState(account);
    inject(
      faultFirst('TransactWriteCommand', () => ({ before: faults.cancelled(5, 'ThrottlingError') }), 10),
    );
    // Act
    const response = await send(testCase, ref);
    // Assess
    expectRetryable(response);
    expect(await postImportState(account)).toEqual(before);
  });

  it('every post-import POST: throttled reads (account lookup) give a retryable 503 and write nothing', async () => {
    for (const testCase of postImportCases) {
      // Prepare
      const { account, ref } = await freshAccount();
      const before = await postImportState(account);
      inject(faultFirst('GetCommand', () => ({ before: faults.throttlingException() }), 1));
      // Act
      const response = await send(testCase, ref);
      // Assess
      expectRetryable(response);
      expect(await postImportState(account)).toEqual(before);
      faultsInjected += injector?.injected ?? 0;
      injector?.restore();
      injector = undefined;
    }
  });
});

describe('Rule: a DynamoDB fault while staging or processing gives a retryable 5xx, and the retry leaves exactly one staged or created account', () => {
  const stage = (payload: Record<string, unknown>) =>
    invoke(stageAccount, {
      method: 'POST',
      path: '/v1/data-import/account-import-process/create-or-update/',
      body: payload,
      suppliers: [world.supplier],
    });
  const process = (external: string) =>
    invoke(processAccount, {
      method: 'POST',
      path: '/v1/data-import/account-import-process/process/',
      body: { import_supplier: world.supplier, external_account_number: external },
      suppliers: [world.supplier],
    });

  for (const [faultName, fault] of allFaults) {
    it(`create-or-update: ${faultName}`, async () => {
      // Prepare
      const payload = accountPayload({ external_account_number: uniqueExternal('HZF') }, world.supplier);
      inject(faultFirst('TransactWriteCommand', fault));
      // Act
      const failed = await stage(payload);
      injector?.plan(() => undefined);
      const retried = await stage(payload);
      // Assess
      expectRetryable(failed);
      expect([200, 201]).toContain(retried.status);
      const items = await partitionItems(importPartition(world.supplier, payload.external_account_number));
      expect(items.map((item) => [item.sk, item.status ?? null])).toEqual([
        ['PROCESS', 'UNKNOWN'],
        ['STAGED', null],
      ]);
    });

    // The short run processes under two faults: one before the write, one after it.
    const processCase = FULL || faultName.startsWith('throttling') || faultName.includes('answer lost');
    if (processCase)
      it(`process: ${faultName}`, async () => {
        // Prepare
        const payload = accountPayload({ external_account_number: uniqueExternal('HZF') }, world.supplier);
        const external = payload.external_account_number as string;
        expect((await stage(payload)).status).toBe(201);
        inject(faultFirst('TransactWriteCommand', fault));
        // Act
        const failed = await process(external);
        injector?.plan(() => undefined);
        const retried = await process(external);
        // Assess: the retry creates the account, or finishes the one the lost answer reserved.
        expectRetryable(failed);
        const [processItem] = await partitionItems(importPartition(world.supplier, external));
        expect(processItem?.status).toBe('COMPLETED');
        // The fault hits the creation's first transaction, its reservation: before it nothing is
        // written; after it (the answer lost) the account is reserved, not created. Either way the
        // retry creates it: 201.
        expect(retried.status).toBe(201);
        const number = processItem?.service_account_number as string;
        expect(retried.json.service_account_number).toBe(number);
        const expected = creationEventCounts(payload, number);
        const total = Object.values(expected).reduce((sum, n) => sum + n, 0);
        expect((await eventCounts({ external, serviceAccountNumber: number, expected: total }))[0]).toEqual(
          expected,
        );
      });
  }

  it('process: throttling while taking the lock is a retryable 503 and leaves the process UNKNOWN', async () => {
    // Prepare
    const payload = accountPayload({ external_account_number: uniqueExternal('HZF') }, world.supplier);
    const external = payload.external_account_number as string;
    expect((await stage(payload)).status).toBe(201);
    inject(faultFirst('UpdateCommand', () => ({ before: faults.throttling() })));
    // Act
    const failed = await process(external);
    // Assess
    expectRetryable(failed);
    const [processItem] = await partitionItems(importPartition(world.supplier, external));
    expect(processItem?.status).toBe('UNKNOWN');
  });
});

describe('Rule: a DynamoDB fault on a GET gives a retryable 503 without internals', () => {
  it('account-transfer-status and the lists answer 503 service_unavailable on throttled reads', async () => {
    // Prepare
    inject(() => ({ before: faults.throttlingException() }));
    // Act
    const status = await invoke(getStatus, {
      method: 'GET',
      path: `/v1/data-import/account-transfer-status/${world.supplier}/x/`,
      suppliers: [world.supplier],
    });
    const list = await invoke(listAll, {
      method: 'GET',
      path: `/v1/data-import/all-account-import-processes/${world.supplier}/`,
      suppliers: [world.supplier],
    });
    // Assess
    expectRetryable(status);
    expectRetryable(list);
    expect(`${status.text}${list.text}`).not.toMatch(/injected|Exception/);
  });
});

describe('Rule: a request id of its own is never needed: identical retries are idempotent per item', () => {
  it('the same notes request sent after a lost answer reports the notes as existing, not twice', async () => {
    // Prepare
    const { account, ref } = await freshAccount();
    const testCase = postImportCases[0] as PostImportCase;
    inject(faultFirst('TransactWriteCommand', () => ({ after: faults.timeout() })));
    // Act
    await send(testCase, ref);
    injector?.plan(() => undefined);
    const retried = await send(testCase, ref);
    // Assess
    expect(retried.json.map((note: { status: string }) => note.status)).toEqual([
      'NOTE_ALREADY_EXISTS',
      'NOTE_ALREADY_EXISTS',
    ]);
    const notes = (await partitionItems(accountPartition(account.service_account_number))).filter((item) =>
      String(item.sk).startsWith('NOTE#'),
    );
    expect(notes).toHaveLength(2);
  });
});

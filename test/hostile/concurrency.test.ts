import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { retryAfterMs } from '../../functions/rules/retry-policy.js';
import { paths as accountPaths, accountPayload } from '../accounts/support/accounts.js';
import { createImportedAccount } from '../post-import/support/imported-account.js';
import { expectLedgerEntryIds } from '../post-import/support/ledger.js';
import { exampleTransactions, paths } from '../post-import/support/post-import-api.js';
import { type ArchivedEvent, readEvents, waitForEvents } from '../support/events-file.js';
import { type ApiResult, api } from '../support/http.js';
import { recordFigure } from './support/runs.js';
import {
  accountPartition,
  createWorld,
  type HostileWorld,
  importPartition,
  indexItems,
  partitionItems,
  uniqueExternal,
} from './support/world.js';

/**
 * For every POST, 50 parallel identical requests and 50 parallel requests
 * with overlapping items. Each item is stored exactly once, each event is emitted exactly
 * once, and every request ends with a 4xx or a success. A 5xx means "retry": each request
 * that gets one is sent again as a client does (after its Retry-After), so that a slow
 * machine, where 50 invocations share two cores and reach their deadline, cannot fail the
 * rule, while a 5xx that retrying does not cure still does.
 */
const PARALLEL = 50;
/** How many times one request is sent at most (a client's retry budget). */
const ATTEMPTS = 5;
vi.setConfig({ testTimeout: 90_000 });
let world: HostileWorld;

beforeAll(async () => {
  world = await createWorld('CONC');
});

const post = (path: string, body: unknown) => api('POST', path, { token: world.token, body });

/** One request, sent again after each 5xx as Retry-After (or one second) says, up to ATTEMPTS times. */
async function untilNotRetryable(send: () => Promise<ApiResult>, retried: { count: number }) {
  let response = await send();
  for (let attempt = 1; attempt < ATTEMPTS && response.status >= 500; attempt++) {
    retried.count++;
    const waitMs = retryAfterMs(response.headers.get('retry-after')) ?? 1000;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    response = await send();
  }
  return response;
}

/** Final responses of `PARALLEL` requests sent at once, each retried while it gets a 5xx; none may end a 5xx. */
async function inParallel(request: (i: number) => Promise<ApiResult>) {
  const retried = { count: 0 };
  const responses = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) => untilNotRetryable(() => request(i), retried)),
  );
  expect(responses.filter((response) => response.status >= 500).map((response) => response.text)).toEqual([]);
  recordFigure({ suite: 'concurrency', requests: PARALLEL, retried_5xx: retried.count });
  return responses;
}

interface EventExpectation {
  predicate: (event: ArchivedEvent) => boolean;
  count: number;
}

/**
 * Waits until every expectation has at least `count` matching events, lets the stream settle
 * once, then asserts exactly `count` of each, with distinct event ids.
 */
async function expectEventsExactlyOnce(...expectations: EventExpectation[]) {
  for (const { predicate, count } of expectations) {
    if (count > 0) await waitForEvents(predicate, { count, timeoutMs: 30_000 });
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const events = readEvents();
  for (const { predicate, count } of expectations) {
    const matching = events.filter(predicate);
    expect(matching).toHaveLength(count);
    expect(new Set(matching.map((event) => event.detail.event_id)).size).toBe(count);
  }
}

const postImportEvents = (external: string, resourceType: string) => (event: ArchivedEvent) =>
  event.detail.event_type === 'data_import.import_process.post_import.completed' &&
  event.detail.payload.import_process_external_identifier === external &&
  event.detail.payload.resource_type === resourceType;

const ledgerEvents = (serviceAccountNumber: string) => (event: ArchivedEvent) =>
  event.detail.event_type === 'billing.ledger.entry_posted' &&
  event.detail.payload.ledger?.account?.number === serviceAccountNumber;

/** Request i of 50 takes a window of 5 consecutive items out of 14 (items overlap across requests). */
const window = (i: number) => Array.from({ length: 5 }, (_, k) => (i % 10) + k);

async function importedAccount() {
  const external = uniqueExternal('HZC');
  const account = await createImportedAccount({ supplier: world.supplier, externalAccountNumber: external });
  return { account, ref: { import_supplier: world.supplier, external_account_number: external } };
}

describe('Rule: 50 parallel identical or overlapping stagings stage each account exactly once', () => {
  it('50 identical create-or-update requests: one 201, 49 × 200, one process', async () => {
    // Prepare
    const payload = accountPayload({ external_account_number: uniqueExternal('HZC') }, world.supplier);
    // Act
    const responses = await inParallel(() => post(accountPaths.stage, payload));
    // Assess
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(PARALLEL - 1);
    const items = await partitionItems(importPartition(world.supplier, payload.external_account_number));
    expect(items.map((item) => item.sk).sort()).toEqual(['PROCESS', 'STAGED']);
  });

  it('50 requests over 10 accounts: each account gets exactly one 201', async () => {
    // Prepare
    const payloads = Array.from({ length: 10 }, () =>
      accountPayload({ external_account_number: uniqueExternal('HZC') }, world.supplier),
    );
    // Act
    const responses = await inParallel((i) => post(accountPaths.stage, payloads[i % 10]));
    // Assess
    for (const [index, payload] of payloads.entries()) {
      const mine = responses.filter((_, i) => i % 10 === index);
      expect(mine.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
      const items = await partitionItems(importPartition(world.supplier, payload.external_account_number));
      expect(items).toHaveLength(2);
    }
  });
});

describe('Rule: 50 parallel identical or overlapping process calls create each account exactly once', () => {
  async function staged() {
    const payload = accountPayload({ external_account_number: uniqueExternal('HZC') }, world.supplier);
    expect((await post(accountPaths.stage, payload)).status).toBe(201);
    return payload.external_account_number as string;
  }

  /** The account was created once; returns the events it must have emitted exactly once. */
  async function expectCreatedOnce(external: string, responses: ApiResult[]): Promise<EventExpectation[]> {
    const created = responses.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    const number = created[0]?.json.service_account_number;
    for (const other of responses.filter((r) => r.status !== 201)) {
      expect(other.status).toBe(409);
      expect(['import_process_in_progress', 'account_import_process_already_imported']).toContain(
        other.json.code,
      );
      if (other.json.code === 'account_import_process_already_imported') {
        expect(other.json.service_account_number).toBe(number);
      }
    }
    const imported = (await indexItems('gsi2', `SUPPLIER#${world.supplier}#IMPORTED`)).filter(
      (item) => item.external_account_number === external,
    );
    expect(imported).toHaveLength(1);
    return [
      {
        predicate: (event) =>
          event.detail.event_type === 'data_import.import_process.complete' &&
          event.detail.payload.external_identifier === external,
        count: 1,
      },
      {
        predicate: (event) =>
          event.detail.event_type === 'account.created' && event.detail.payload.account_number === number,
        count: 1,
      },
    ];
  }

  it('50 identical process requests: one 201, the others 409', async () => {
    // Prepare
    const external = await staged();
    const body = { import_supplier: world.supplier, external_account_number: external };
    // Act
    const responses = await inParallel(() => post(accountPaths.process, body));
    // Assess
    await expectEventsExactlyOnce(...(await expectCreatedOnce(external, responses)));
  });

  it('50 requests over 10 staged accounts: each account is created once, with one event each', async () => {
    // Prepare
    const externals = await Promise.all(Array.from({ length: 10 }, staged));
    // Act
    const responses = await inParallel((i) =>
      post(accountPaths.process, {
        import_supplier: world.supplier,
        external_account_number: externals[i % 10],
      }),
    );
    // Assess
    const expectations: EventExpectation[] = [];
    for (const [index, external] of externals.entries()) {
      expectations.push(
        ...(await expectCreatedOnce(
          external,
          responses.filter((_, i) => i % 10 === index),
        )),
      );
    }
    await expectEventsExactlyOnce(...expectations);
  });
});

describe('Rule: 50 parallel validate-account requests store nothing and emit nothing', () => {
  it('50 identical and 50 overlapping validations all answer 200 and leave no trace', async () => {
    // Prepare
    const payloads = Array.from({ length: 10 }, () =>
      accountPayload({ external_account_number: uniqueExternal('HZC') }, world.supplier),
    );
    // Act
    const identical = await inParallel(() => post(accountPaths.validate, payloads[0]));
    const overlapping = await inParallel((i) => post(accountPaths.validate, payloads[i % 10]));
    // Assess
    expect([...identical, ...overlapping].every((r) => r.status === 200)).toBe(true);
    for (const payload of payloads) {
      expect(await partitionItems(importPartition(world.supplier, payload.external_account_number))).toEqual(
        [],
      );
    }
  });
});

describe('Rule: 50 parallel identical or overlapping note requests store each note once and emit one event per note', () => {
  it('50 identical requests of 3 notes', async () => {
    // Prepare
    const { account, ref } = await importedAccount();
    const notes = [
      { body: 'identical A' },
      { body: 'identical B', created_at: '2026-02-01T10:00:00Z' },
      { document_paths: [{ document_path: world.documentPath }] },
    ];
    // Act
    const responses = await inParallel(() => post(paths.notes, { ...ref, notes }));
    // Assess
    expect(responses.every((r) => r.status === 201)).toBe(true);
    const successes = responses.flatMap((r) => r.json).filter((n) => n.status === 'NOTE_CREATION_SUCCESS');
    expect(successes).toHaveLength(3);
    const stored = await partitionItems(accountPartition(account.service_account_number));
    expect(stored.filter((item) => String(item.sk).startsWith('NOTE#'))).toHaveLength(3);
    await expectEventsExactlyOnce({
      predicate: postImportEvents(ref.external_account_number, 'NOTE'),
      count: 3,
    });
  });

  it('50 requests with overlapping windows of 14 notes', async () => {
    // Prepare
    const { account, ref } = await importedAccount();
    const note = (n: number) => ({ body: `overlapping note ${n}` });
    // Act
    const responses = await inParallel((i) => post(paths.notes, { ...ref, notes: window(i).map(note) }));
    // Assess
    expect(responses.every((r) => r.status === 201)).toBe(true);
    const successes = responses.flatMap((r) => r.json).filter((n) => n.status === 'NOTE_CREATION_SUCCESS');
    expect(successes.map((n) => n.body).sort()).toEqual(
      Array.from({ length: 14 }, (_, n) => note(n).body).sort(),
    );
    const stored = await partitionItems(accountPartition(account.service_account_number));
    expect(stored.filter((item) => String(item.sk).startsWith('NOTE#'))).toHaveLength(14);
    await expectEventsExactlyOnce({
      predicate: postImportEvents(ref.external_account_number, 'NOTE'),
      count: 14,
    });
  });
});

describe('Rule: 50 parallel identical or overlapping transaction requests add each transaction once, with unique ledger entries and one event each', () => {
  async function expectLedger(
    account: { service_account_number: string },
    external: string,
    ids: string[],
    responses: ApiResult[],
  ) {
    const added = responses
      .flatMap((r) => r.json.results)
      .filter((result) => result.status === 'TRANSACTION_ADDED_TO_ACCOUNT');
    expect(added.map((result) => result.transaction_data.transaction_id).sort()).toEqual([...ids].sort());
    const stored = (await partitionItems(accountPartition(account.service_account_number))).filter((item) =>
      String(item.sk).startsWith('TXN#'),
    );
    expect(stored).toHaveLength(ids.length);
    expect(new Set(stored.map((item) => item.transaction_id)).size).toBe(ids.length);
    expectLedgerEntryIds(stored, ids);
    const requestsThatAdded = responses.filter((r) =>
      r.json.results.some((result: { status: string }) => result.status === 'TRANSACTION_ADDED_TO_ACCOUNT'),
    ).length;
    await expectEventsExactlyOnce(
      { predicate: ledgerEvents(account.service_account_number), count: ids.length },
      { predicate: postImportEvents(external, 'TRANSACTION_BATCH'), count: requestsThatAdded },
    );
  }

  it('50 identical requests of 5 transactions', async () => {
    // Prepare
    const { account, ref } = await importedAccount();
    const transactions = [
      exampleTransactions.charge('C-1', '2026-03-01'),
      exampleTransactions.credit('C-2', '2026-03-02'),
      exampleTransactions.payment('C-3', '2026-03-03'),
      exampleTransactions.repayment('C-4', '2026-03-04'),
      exampleTransactions.supplyCharge('C-5', '2026-03-05'),
    ];
    // Act
    const responses = await inParallel(() => post(paths.transactions, { ...ref, transactions }));
    // Assess
    expect(responses.every((r) => r.status === 201)).toBe(true);
    await expectLedger(account, ref.external_account_number, ['C-1', 'C-2', 'C-3', 'C-4', 'C-5'], responses);
  });

  it('50 requests with overlapping windows of 14 transactions', async () => {
    // Prepare
    const { account, ref } = await importedAccount();
    const id = (n: number) => `W-${n}`;
    // Act
    const responses = await inParallel((i) =>
      post(paths.transactions, {
        ...ref,
        transactions: window(i).map((n) => exampleTransactions.charge(id(n), '2026-03-01')),
      }),
    );
    // Assess
    expect(responses.every((r) => r.status === 201)).toBe(true);
    await expectLedger(
      account,
      ref.external_account_number,
      Array.from({ length: 14 }, (_, n) => id(n)),
      responses,
    );
  });
});

describe('Rule: 50 parallel identical or overlapping statement requests store each statement once and emit one event each', () => {
  const statement = (n: number) => ({
    statement_id: `ST-${n}`,
    bill_period_from_date: '2025-01-01',
    bill_period_to_date: '2025-01-31',
    issued_date: '2025-02-01',
    number: `N-${n}`,
    gross_amount: 10 + n,
  });

  async function expectStatements(
    account: { service_account_number: string },
    external: string,
    count: number,
  ) {
    const stored = (await partitionItems(accountPartition(account.service_account_number))).filter((item) =>
      String(item.sk).startsWith('STATEMENT#'),
    );
    expect(stored).toHaveLength(count);
    await expectEventsExactlyOnce({ predicate: postImportEvents(external, 'HISTORICAL_STATEMENT'), count });
  }

  it('50 identical requests of 3 statements', async () => {
    // Prepare
    const { account, ref } = await importedAccount();
    // Act
    const responses = await inParallel(() =>
      post(paths.statements, { ...ref, statements: [0, 1, 2].map(statement) }),
    );
    // Assess
    expect(responses.map((r) => r.status)).toEqual(Array(PARALLEL).fill(201));
    await expectStatements(account, ref.external_account_number, 3);
  });

  it('50 requests with overlapping windows of 14 statements', async () => {
    // Prepare
    const { account, ref } = await importedAccount();
    // Act
    const responses = await inParallel((i) =>
      post(paths.statements, { ...ref, statements: window(i).map(statement) }),
    );
    // Assess
    expect(responses.map((r) => r.status)).toEqual(Array(PARALLEL).fill(201));
    await expectStatements(account, ref.external_account_number, 14);
  });
});

describe('Rule: 50 parallel identical or overlapping payment instructions store each reference once and emit one event each', () => {
  async function expectInstructions(
    account: { service_account_number: string },
    external: string,
    references: string[],
  ) {
    const stored = (await partitionItems(accountPartition(account.service_account_number))).filter((item) =>
      String(item.sk).startsWith('PAYMENT#'),
    );
    expect(stored.map((item) => item.reference).sort()).toEqual([...references].sort());
    await expectEventsExactlyOnce({
      predicate: postImportEvents(external, 'PAYMENT_INSTRUCTION'),
      count: references.length,
    });
  }

  it('50 identical requests: all 201 with the same answer, one instruction', async () => {
    // Prepare
    const { account, ref } = await importedAccount();
    const reference = `pm_conc_${randomUUID().slice(0, 8)}`;
    // Act
    const responses = await inParallel(() =>
      post(paths.paymentInstruction, { ...ref, vendor: 'STRIPE', reference, type: 'CARD' }),
    );
    // Assess
    expect(responses.map((r) => r.status)).toEqual(Array(PARALLEL).fill(201));
    expect(new Set(responses.map((r) => r.text)).size).toBe(1);
    await expectInstructions(account, ref.external_account_number, [reference]);
  });

  it('50 requests over 10 references: each stored once', async () => {
    // Prepare
    const { account, ref } = await importedAccount();
    const references = Array.from({ length: 10 }, (_, n) => `pm_conc_${n}_${randomUUID().slice(0, 8)}`);
    // Act
    const responses = await inParallel((i) =>
      post(paths.paymentInstruction, {
        ...ref,
        vendor: 'STRIPE',
        reference: references[i % 10],
        type: 'CARD',
      }),
    );
    // Assess
    expect(responses.map((r) => r.status)).toEqual(Array(PARALLEL).fill(201));
    await expectInstructions(account, ref.external_account_number, references);
  });
});

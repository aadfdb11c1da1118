import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ImportedAccount } from '../../functions/rules/import-process.js';
import { type ArchivedEvent, forAccount, readEvents, waitForEvents } from '../support/events-file.js';
import { createImportedAccount } from './support/imported-account.js';
import { expectLedgerEntryIds } from './support/ledger.js';
import {
  paymentReference,
  postNotes,
  postPaymentInstruction,
  postStatements,
  postTransactions,
  exampleTransactions as tx,
} from './support/post-import-api.js';
import { prepareAcmeToken, token } from './support/prepare.js';
import { accountItems } from './support/store.js';

prepareAcmeToken();

const PARALLEL = 20;

/**
 * Every event of the account, once the publisher has caught up: a sentinel note is posted
 * after the concurrent requests finished and its event awaited first.
 */
async function eventsAfterSentinel(account: ImportedAccount): Promise<ArchivedEvent[]> {
  const sentinel = `sentinel ${randomUUID()}`;
  await postNotes(token, account, [{ body: sentinel }]);
  const [note] = (await accountItems(account.service_account_number, 'NOTE#')).filter(
    (item) => item.body === sentinel,
  );
  await waitForEvents((event) => event.detail?.payload?.identifier === note?.note_id);
  return readEvents().filter(
    (event) =>
      forAccount(account.external_account_number)(event) ||
      event.detail?.payload?.ledger?.account?.number === account.service_account_number,
  );
}

const completedOf = (events: ArchivedEvent[], resourceType: string) =>
  events.filter((event) => event.detail.payload.resource_type === resourceType);

describe('Concurrency: 20 parallel identical POSTs store each item once and emit each event once', () => {
  it('notes', async () => {
    // Prepare
    const account = await createImportedAccount();
    const notes = [{ body: 'concurrent A' }, { body: 'concurrent B', created_at: '2026-02-01T10:00:00Z' }];
    // Act
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => postNotes(token, account, notes)),
    );
    // Assess
    expect(responses.map((response) => response.status)).toEqual(Array(PARALLEL).fill(201));
    const created = responses
      .flatMap((response) => response.json)
      .filter((note) => note.status === 'NOTE_CREATION_SUCCESS');
    expect(created).toHaveLength(2);
    const stored = await accountItems(account.service_account_number, 'NOTE#');
    expect(stored.map((note) => note.body).sort()).toEqual(['concurrent A', 'concurrent B']);
    const events = completedOf(await eventsAfterSentinel(account), 'NOTE');
    expect(events).toHaveLength(3); // two notes + the sentinel
  });

  it('transactions', async () => {
    // Prepare
    const account = await createImportedAccount();
    const transactions = [
      tx.charge('C-1'),
      tx.credit('C-2'),
      tx.payment('C-3'),
      tx.repayment('C-4'),
      tx.supplyCharge('C-5'),
    ];
    // Act
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => postTransactions(token, account, transactions)),
    );
    // Assess
    expect(responses.map((response) => response.status)).toEqual(Array(PARALLEL).fill(201));
    const added = responses
      .flatMap((response) => response.json.results)
      .filter((result) => result.status === 'TRANSACTION_ADDED_TO_ACCOUNT');
    expect(added.map((result) => result.transaction_data.transaction_id).sort()).toEqual([
      'C-1',
      'C-2',
      'C-3',
      'C-4',
      'C-5',
    ]);
    const stored = await accountItems(account.service_account_number, 'TXN#');
    expectLedgerEntryIds(
      stored,
      transactions.map((transaction) => transaction.transaction_id),
    );
    const events = await eventsAfterSentinel(account);
    const ledger = events.filter((event) => event['detail-type'] === 'billing.ledger.entry_posted@v2');
    expect(ledger.map((event) => event.detail.payload.entry.id).sort()).toEqual(
      stored.map((item) => item.ledger_entry_id).sort(),
    );
    expect(completedOf(events, 'TRANSACTION_BATCH')).toHaveLength(1);
  });

  it('historical statements', async () => {
    // Prepare
    const account = await createImportedAccount();
    const statements = [
      {
        statement_id: 'CS-1',
        bill_period_from_date: '2025-11-01',
        bill_period_to_date: '2025-11-30',
        issued_date: '2025-12-02',
        number: 'S-1',
        gross_amount: 54.21,
      },
    ];
    // Act
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => postStatements(token, account, statements)),
    );
    // Assess
    expect(responses.map((response) => response.status)).toEqual(Array(PARALLEL).fill(201));
    expect(await accountItems(account.service_account_number, 'STATEMENT#')).toHaveLength(1);
    expect(completedOf(await eventsAfterSentinel(account), 'HISTORICAL_STATEMENT')).toHaveLength(1);
  });

  it('payment instructions', async () => {
    // Prepare
    const account = await createImportedAccount();
    const reference = paymentReference();
    // Act
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        postPaymentInstruction(token, account, { vendor: 'STRIPE', reference, type: 'CARD' }),
      ),
    );
    // Assess
    expect(responses.map((response) => response.status)).toEqual(Array(PARALLEL).fill(201));
    expect(new Set(responses.map((response) => JSON.stringify(response.json))).size).toBe(1);
    expect(await accountItems(account.service_account_number, 'PAYMENT#')).toHaveLength(1);
    expect(completedOf(await eventsAfterSentinel(account), 'PAYMENT_INSTRUCTION')).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { type ArchivedEvent, forAccount, waitForEvents } from '../support/events-file.js';
import { createImportedAccount } from './support/imported-account.js';
import { expectLedgerEntryIds } from './support/ledger.js';
import { postTransactions, exampleTransactions as tx } from './support/post-import-api.js';
import { prepareAcmeToken, token } from './support/prepare.js';
import { accountItems } from './support/store.js';

prepareAcmeToken();

const ledgerEventsOf = (serviceAccountNumber: string) => (event: ArchivedEvent) =>
  event['detail-type'] === 'billing.ledger.entry_posted@v2' &&
  event.detail.payload.ledger.account.number === serviceAccountNumber;

describe('Transactions: a new transaction is TRANSACTION_ADDED_TO_ACCOUNT, results in request order', () => {
  it('adds one transaction of each of the five types and echoes them with two-decimal amounts', async () => {
    // Prepare
    const account = await createImportedAccount();
    const transactions = [
      tx.charge('T-1'),
      tx.credit('T-2'),
      tx.payment('T-3'),
      tx.repayment('T-4'),
      tx.supplyCharge('T-5'),
    ];
    // Act
    const response = await postTransactions(token, account, transactions);
    // Assess
    expect(response.status).toBe(201);
    expect(response.json.results).toEqual([
      {
        status: 'TRANSACTION_ADDED_TO_ACCOUNT',
        transaction_data: {
          transaction_id: 'T-1',
          transaction_date: '2026-03-01',
          amount: '45.50',
          type: 'CHARGE',
          reason: 'IMPORTED_CHARGE',
          status: 'TRANSACTION_IMPORT_SUCCESS',
        },
      },
      {
        status: 'TRANSACTION_ADDED_TO_ACCOUNT',
        transaction_data: expect.objectContaining({ transaction_id: 'T-2', amount: '10.00', type: 'CREDIT' }),
      },
      {
        status: 'TRANSACTION_ADDED_TO_ACCOUNT',
        transaction_data: expect.objectContaining({
          transaction_id: 'T-3',
          amount: '30.25',
          reference: 'DD-REF-1',
          payment_type: 'DD_REGULAR_COLLECTION',
        }),
      },
      {
        status: 'TRANSACTION_ADDED_TO_ACCOUNT',
        transaction_data: expect.objectContaining({
          transaction_id: 'T-4',
          amount: '5.01',
          type: 'REPAYMENT',
        }),
      },
      {
        status: 'TRANSACTION_ADDED_TO_ACCOUNT',
        transaction_data: expect.objectContaining({
          transaction_id: 'T-5',
          amount: '63.00',
          type: 'SUPPLY_CHARGE',
        }),
      },
    ]);
    const stored = await accountItems(account.service_account_number, 'TXN#');
    expect(stored.map((item) => [item.transaction_id, item.amount_minor]).sort()).toEqual([
      ['T-1', 4550],
      ['T-2', 1000],
      ['T-3', 3025],
      ['T-4', 501],
      ['T-5', 6300],
    ]);
  });

  it('emits billing.ledger.entry_posted v2 per transaction with the ledger, integer ids unique in the ledger and flags from the type', async () => {
    // Prepare
    const account = await createImportedAccount({ nextLedgerEntryId: 41 });
    // Act
    await postTransactions(token, account, [
      tx.charge('A'),
      tx.credit('B'),
      tx.payment('C'),
      tx.repayment('D'),
      tx.supplyCharge('E'),
    ]);
    // Assess
    const events = await waitForEvents(ledgerEventsOf(account.service_account_number), { count: 5 });
    const entries = events.map((event) => event.detail.payload).sort((a, b) => a.entry.id - b.entry.id);
    expect(entries.map((payload) => payload.entry.id)).toEqual([41, 42, 43, 44, 45]);
    expect(entries[0].ledger).toEqual({
      account: { number: account.service_account_number },
      number: account.ledger_number,
    });
    const none = {
      is_charge: false,
      is_credit: false,
      is_payment: false,
      is_repayment: false,
      is_reversal: false,
      is_reversed: false,
    };
    expect(entries.map((payload) => payload.entry)).toEqual([
      { id: 41, ...none, is_charge: true },
      { id: 42, ...none, is_credit: true },
      { id: 43, ...none, is_payment: true },
      { id: 44, ...none, is_repayment: true },
      { id: 45, ...none, is_charge: true },
    ]);
  });

  it('emits post_import.completed (TRANSACTION_BATCH) once for the accepted request', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    await postTransactions(token, account, [tx.charge('X-1'), tx.credit('X-2')]);
    // Assess
    const [event] = await waitForEvents(forAccount(account.external_account_number));
    expect(event?.detail.payload).toMatchObject({
      resource_type: 'TRANSACTION_BATCH',
      import_process_resource_type: 'ACCOUNT',
      import_process_external_identifier: account.external_account_number,
      identifier: expect.any(String),
    });
    const stored = await accountItems(account.service_account_number, 'TXN#');
    expect(stored.map((item) => item.batch_id)).toEqual([
      event?.detail.payload.identifier,
      event?.detail.payload.identifier,
    ]);
  });
});

describe('Transactions: SUPPLY_CHARGE line and tax items are kept as sent', () => {
  it('stores line and tax items as sent', async () => {
    // Prepare
    const account = await createImportedAccount();
    const supply = tx.supplyCharge('SC-1');
    // Act
    const response = await postTransactions(token, account, [supply]);
    // Assess
    expect(response.status, response.text).toBe(201);
    const [stored] = await accountItems(account.service_account_number, 'TXN#');
    expect(JSON.parse(stored?.line_items)).toEqual(supply.line_items);
    expect(JSON.parse(stored?.tax_items)).toEqual(supply.tax_items);
  });

  it('answers TRANSACTION_IMPORT_ERROR out_of_range for a number no store can hold', async () => {
    // Prepare
    const account = await createImportedAccount();
    const supply = tx.supplyCharge('SC-2');
    supply.line_items[0]!.price_per_unit = 1e-200;
    // Act
    const response = await postTransactions(token, account, [supply]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ status: 'TRANSACTION_IMPORT_ERROR', code: 'out_of_range' });
  });
});

describe('Transactions: a transaction added previously is TRANSACTION_ALREADY_EXISTS', () => {
  it('reports TRANSACTION_ALREADY_EXISTS when the same transactions are posted twice, and writes nothing new', async () => {
    // Prepare
    const account = await createImportedAccount();
    await postTransactions(token, account, [tx.charge('D-1'), tx.credit('D-2')]);
    // Act
    const second = await postTransactions(token, account, [
      tx.charge('D-1'),
      tx.credit('D-2'),
      tx.payment('D-3'),
    ]);
    // Assess
    expect(second.status).toBe(201);
    expect(second.json.results.map((r: { status: string }) => r.status)).toEqual([
      'TRANSACTION_ALREADY_EXISTS',
      'TRANSACTION_ALREADY_EXISTS',
      'TRANSACTION_ADDED_TO_ACCOUNT',
    ]);
    expect(await accountItems(account.service_account_number, 'TXN#')).toHaveLength(3);
  });

  it('with check_previously_added=false still never writes an existing transaction_id twice', async () => {
    // Prepare
    const account = await createImportedAccount();
    await postTransactions(token, account, [tx.charge('N-1')]);
    // Act
    const second = await postTransactions(token, account, [tx.charge('N-1'), tx.charge('N-2')], {
      check_previously_added: 'false',
    });
    // Assess
    expect(second.json.results.map((r: { status: string }) => r.status)).toEqual([
      'TRANSACTION_ALREADY_EXISTS',
      'TRANSACTION_ADDED_TO_ACCOUNT',
    ]);
    const stored = await accountItems(account.service_account_number, 'TXN#');
    expect(stored.map((item) => item.transaction_id).sort()).toEqual(['N-1', 'N-2']);
    expectLedgerEntryIds(stored, ['N-1', 'N-2']);
    const byLedgerId = [...stored].sort((a, b) => a.ledger_entry_id - b.ledger_entry_id);
    expect(byLedgerId.map((item) => item.transaction_id)).toEqual(['N-1', 'N-2']);
  });
});

describe('Transactions: a failing transaction gives the TRANSACTION_IMPORT_ERROR body of the first failing one', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'a field that does not belong to the type',
      { ...tx.charge('F'), payment_type: 'DIRECT_CREDIT' },
      'unknown_field',
    ],
    ['a field of no type', { ...tx.charge('F'), colour: 'red' }, 'unknown_field'],
    ['an unknown type', { ...tx.charge('F'), type: 'REFUND' }, 'invalid_choice'],
    ['an unknown reason', { ...tx.charge('F'), reason: 'WHATEVER' }, 'invalid_choice'],
    ['an unknown payment_type', { ...tx.payment('F'), payment_type: 'CHEQUE' }, 'invalid_choice'],
    ['more than 2 decimals', { ...tx.charge('F'), amount: 1.005 }, 'too_many_decimal_places'],
    ['an amount that is a string', { ...tx.charge('F'), amount: '1.00' }, 'invalid_type'],
    ['a missing transaction_date', { transaction_id: 'F', amount: 1, type: 'CHARGE' }, 'required'],
    ['an invalid date', { ...tx.charge('F'), transaction_date: '2026-02-30' }, 'invalid_date'],
    ['a date after today', { ...tx.charge('F'), transaction_date: '2999-01-01' }, 'transaction_in_future'],
  ];
  it.each(cases)('answers 400 for %s (code %s) and writes nothing', async (_name, failing, code) => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postTransactions(token, account, [
      tx.credit('OK-1'),
      failing,
      { ...failing, transaction_id: 'G' },
    ]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      status: 'TRANSACTION_IMPORT_ERROR',
      error_detail: expect.stringContaining('transactions.1'),
      code,
      errors: [expect.objectContaining({ attr: expect.stringMatching(/^transactions\.1\b/), code })],
      transaction_data: expect.objectContaining({ transaction_id: 'F' }),
    });
    expect(await accountItems(account.service_account_number, 'TXN#')).toEqual([]);
  });

  it('reports a misspelt required field both as an unknown field and as the missing one, as every other body does', async () => {
    // Prepare
    const account = await createImportedAccount();
    const { transaction_date, ...rest } = tx.charge('TYPO');
    // Act
    const response = await postTransactions(token, account, [{ ...rest, transacton_date: transaction_date }]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        { attr: 'transactions.0.transaction_date', code: 'required', detail: expect.any(String) },
        { attr: 'transactions.0.transacton_date', code: 'unknown_field', detail: expect.any(String) },
      ]),
    );
    expect(response.json.error_detail).toContain('transactions.0.transaction_date');
    expect(response.json.error_detail).toContain('transactions.0.transacton_date');
  });

  it('echoes the failing transaction with its amount as a two-decimal string when it could be read', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postTransactions(token, account, [
      { ...tx.charge('FUT'), amount: 7, transaction_date: '2999-01-01' },
    ]);
    // Assess
    expect(response.json.transaction_data).toEqual({
      transaction_id: 'FUT',
      transaction_date: '2999-01-01',
      amount: '7.00',
      type: 'CHARGE',
      reason: 'IMPORTED_CHARGE',
      display_note: 'Imported charge',
      note: 'Balance brought over from the legacy system',
    });
  });

  it('accepts enumeration values added by configuration (DATA_IMPORT_EXTRA_CHOICES) only when configured', async () => {
    // Prepare: the local runtime configures no extra choices
    const account = await createImportedAccount();
    // Act
    const response = await postTransactions(token, account, [
      { ...tx.credit('C'), reason: 'GOODWILL_GESTURE' },
    ]);
    // Assess
    expect(response.json.code).toBe('invalid_choice');
  });
});

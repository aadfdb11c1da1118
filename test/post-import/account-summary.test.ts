import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findImportedAccount } from '../../functions/http/imported-account-access.js';
import { dynamoDbClient } from '../../functions/store/dynamodb.js';
import { getAccountSummary as summaryOf } from '../../functions/use-cases/account-summary.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { RequestCounter } from '../support/request-counter.js';
import {
  createImportedAccount,
  createStagedOnlyAccount,
  externalNumber,
} from './support/imported-account.js';
import { expectLedgerEntryIds } from './support/ledger.js';
import {
  type AccountRef,
  exampleStatement,
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

const summaryPath = (supplier: string, external: string) =>
  `/v1/data-import/account-summary/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}/`;

const getSummary = (account: AccountRef, as = token) =>
  api('GET', summaryPath(account.import_supplier, account.external_account_number), { token: as });

const TYPES = ['CHARGE', 'CREDIT', 'PAYMENT', 'REPAYMENT', 'SUPPLY_CHARGE'];

const twoDecimals = (minor: number) => (minor / 100).toFixed(2);
const fingerprint = (ids: string[]) =>
  createHash('sha256')
    .update([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join('\n'))
    .digest('hex');

/** The summary recomputed from every stored item of the account (what the aggregates must equal). */
async function recomputed(account: AccountRef & { service_account_number: string }) {
  const items = await accountItems(account.service_account_number, '');
  const transactions = items.filter((item) => String(item.sk).startsWith('TXN#'));
  const statements = items.filter((item) => String(item.sk).startsWith('STATEMENT#'));
  const payment = items.find((item) => String(item.sk).startsWith('PAYMENT#'));
  const dates = transactions.map((item) => String(item.transaction_date)).sort();
  const sum = (of: typeof transactions) => of.reduce((total, item) => total + Number(item.amount_minor), 0);
  return {
    import_supplier: account.import_supplier,
    external_account_number: account.external_account_number,
    service_account_number: account.service_account_number,
    status: 'COMPLETED',
    transactions: {
      count: transactions.length,
      amount_total: twoDecimals(sum(transactions)),
      first_date: dates[0] ?? null,
      last_date: dates.at(-1) ?? null,
      ids_sha256: fingerprint(transactions.map((item) => String(item.transaction_id))),
      by_type: Object.fromEntries(
        TYPES.map((type) => {
          const ofType = transactions.filter((item) => item.type === type);
          return [type, { count: ofType.length, amount_total: twoDecimals(sum(ofType)) }];
        }),
      ),
    },
    notes: { count: items.filter((item) => String(item.sk).startsWith('NOTE#')).length },
    statements: {
      count: statements.length,
      ids_sha256: fingerprint(statements.map((item) => String(item.statement_id))),
    },
    payment_instruction: payment
      ? { vendor: payment.vendor, reference: payment.reference, type: payment.type }
      : null,
    created: createdCounts(items),
  };
}

/** What creation counted by kind (its users recounted from their items), or nothing for an account made without it. */
function createdCounts(items: Record<string, unknown>[]): Record<string, number> {
  const kinds = items.find((item) => item.sk === 'SUMMARY#CREATED');
  if (!kinds) return {};
  const { pk: _pk, sk: _sk, entity: _entity, ...counts } = kinds;
  const users = items.filter((item) => String(item.sk).startsWith('USER#')).length;
  return { ...Object.fromEntries(Object.entries(counts).map(([kind, n]) => [kind, Number(n)])), users };
}

const statement = (id: string) => exampleStatement(id);

describe('Account summary: counts, totals, dates and id fingerprints equal a recomputation from the stored items', () => {
  it('an account with nothing posted yet: zero counts, null dates, fingerprints of the empty set, no instruction', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await getSummary(account);
    // Assess
    expect(response.status).toBe(200);
    expect(response.json).toEqual(await recomputed(account));
    expect(response.json.transactions.ids_sha256).toBe(createHash('sha256').update('').digest('hex'));
    expect(response.json.transactions.first_date).toBeNull();
    expect(response.json.payment_instruction).toBeNull();
  });

  it('after new, repeated and overlapping POSTs of every kind, and a date forced into the open period', async () => {
    // Prepare
    const account = await createImportedAccount({ openPeriodStart: '2026-02-01' });
    await postTransactions(token, account, [tx.charge('T-1'), tx.credit('T-2'), tx.payment('T-3')]);
    await postTransactions(token, account, [tx.charge('T-1'), tx.repayment('T-4'), tx.supplyCharge('T-5')]);
    await postTransactions(token, account, [tx.charge('T-6', '2026-01-15')]);
    await postTransactions(token, account, [tx.charge('T-6', '2026-01-15'), tx.credit('T-7')], {
      check_previously_added: 'false',
    });
    await postNotes(token, account, [{ body: 'first note' }, { body: 'second note' }]);
    await postNotes(token, account, [{ body: 'first note' }]);
    await postStatements(token, account, [statement('S-1'), statement('S-2')]);
    await postStatements(token, account, [statement('S-2'), statement('S-3')]);
    const payment = await postPaymentInstruction(token, account, {
      vendor: 'STRIPE',
      reference: paymentReference(),
      type: 'CARD',
    });
    expect(payment.status).toBe(201);
    // Act
    const response = await getSummary(account);
    // Assess
    expect(response.status).toBe(200);
    const expected = await recomputed(account);
    expect(response.json).toEqual(expected);
    expect(expected.transactions.count).toBe(7);
    expect(expected.statements.count).toBe(3);
    expect(expected.notes.count).toBe(3); // two notes and the note pinned for the forced date
    expect(expected.transactions.first_date).toBe('2026-02-01');
  });

  it('after 20 concurrent transaction POSTs to one account, some overlapping', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        postTransactions(token, account, [
          tx.charge(`C-${k}`, `2026-03-${String(1 + (k % 28)).padStart(2, '0')}`),
          tx.payment(`SHARED-${k % 5}`),
        ]),
      ),
    );
    const response = await getSummary(account);
    // Assess
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const expected = await recomputed(account);
    expect(expected.transactions.count).toBe(25);
    expect(response.json).toEqual(expected);
  });

  it('after two identical concurrent POSTs of 250 transactions (three writes each): each transaction once, ledger ids unique', async () => {
    // Prepare
    const account = await createImportedAccount();
    const ids = Array.from({ length: 250 }, (_, k) => `RACE-${k}`);
    const transactions = ids.map((id, k) => (k % 2 === 0 ? tx.charge(id) : tx.payment(id)));
    // Act
    const responses = await Promise.all([
      postTransactions(token, account, transactions),
      postTransactions(token, account, transactions),
    ]);
    const response = await getSummary(account);
    // Assess
    expect(responses.map((r) => r.status)).toEqual([201, 201]);
    const added = responses.flatMap((r) =>
      (r.json.results as { status: string; transaction_data: { transaction_id: string } }[])
        .filter((result) => result.status === 'TRANSACTION_ADDED_TO_ACCOUNT')
        .map((result) => result.transaction_data.transaction_id),
    );
    expect(added.sort()).toEqual([...ids].sort());
    const stored = await accountItems(account.service_account_number, 'TXN#');
    expectLedgerEntryIds(stored, ids);
    const expected = await recomputed(account);
    expect(expected.transactions.count).toBe(250);
    expect(response.json).toEqual(expected);
  });
});

describe('Account summary: found as endpoint 5 finds accounts, within the token scope', () => {
  it('answers 404 account_not_found for an account that is only staged', async () => {
    const external = await createStagedOnlyAccount();
    const response = await getSummary({ import_supplier: 'ACME', external_account_number: external });
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ code: 'account_not_found', detail: expect.any(String) });
  });

  it('answers 404 account_not_found when no process exists', async () => {
    const response = await getSummary({ import_supplier: 'ACME', external_account_number: externalNumber() });
    expect(response.status).toBe(404);
    expect(response.json.code).toBe('account_not_found');
  });

  it('answers 404 account_not_found for an unknown supplier code', async () => {
    const response = await getSummary({
      import_supplier: 'NO-SUCH-SUPPLIER',
      external_account_number: externalNumber(),
    });
    expect(response.status).toBe(404);
    expect(response.json.code).toBe('account_not_found');
  });

  it('answers 403 permission_denied for a supplier outside the token scope', async () => {
    const account = await createImportedAccount();
    const response = await getSummary(account, await obtainToken('local-dev-key-globex'));
    expect(response.status).toBe(403);
    expect(response.json.code).toBe('permission_denied');
  });
});

describe('Account summary: reads aggregates, not every item of the account', () => {
  it('costs at most 2 DynamoDB requests (the process and one Query), however many transactions the account has', async () => {
    // Prepare
    const account = await createImportedAccount();
    const transactions = Array.from({ length: 300 }, (_, i) => tx.charge(`R-${i}`));
    expect((await postTransactions(token, account, transactions)).status).toBe(201);
    const counter = new RequestCounter().attach(dynamoDbClient);
    // Act
    const found = await findImportedAccount(
      { from: 'path' },
      {
        supplier: account.import_supplier,
        body: undefined,
        path: { external_account_number: account.external_account_number },
      },
    );
    const summary = await summaryOf(found);
    counter.detach();
    // Assess
    expect(summary.transactions.count).toBe(300);
    expect(counter.total(), JSON.stringify(counter.byOperation())).toBeLessThanOrEqual(2);
  });
});

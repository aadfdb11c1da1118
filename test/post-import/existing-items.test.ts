import { beforeAll, describe, expect, it } from 'vitest';
import { obtainToken } from '../support/auth.js';
import { createImportedAccount } from './support/imported-account.js';
import { expectLedgerEntryIds } from './support/ledger.js';
import {
  postNotes,
  postStatements,
  postTransactions,
  exampleTransactions as tx,
} from './support/post-import-api.js';
import { accountItems } from './support/store.js';

/**
 * No read comes before the writes of transactions, notes and statements: each chunk is written
 * with conditions that its items do not exist yet, and the cancellation names the ones that do.
 * These tests cover chunks where some items already exist.
 */

let token: string;
beforeAll(async () => {
  token = await obtainToken('local-dev-key-acme');
});

const ids = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from }, (_, k) => `${prefix}-${from + k}`);
const statuses = (response: { json: { results: { status: string }[] } }) =>
  response.json.results.map((result) => result.status);

describe('Rule: a transaction added previously is skipped with TRANSACTION_ALREADY_EXISTS', () => {
  it('a 100-transaction POST whose first 40 exist (30 identical, 10 with other content) reports those 40 as existing, keeps them as first stored and adds the 60 others', async () => {
    // Prepare
    const account = await createImportedAccount();
    expect(
      (
        await postTransactions(
          token,
          account,
          ids('T', 0, 40).map((id) => tx.charge(id)),
        )
      ).status,
    ).toBe(201);
    const resent = ids('T', 0, 100).map((id, k) => (k >= 30 && k < 40 ? tx.credit(id) : tx.charge(id)));
    // Act
    const response = await postTransactions(token, account, resent);
    // Assess
    expect(response.status).toBe(201);
    expect(statuses(response)).toEqual([
      ...Array(40).fill('TRANSACTION_ALREADY_EXISTS'),
      ...Array(60).fill('TRANSACTION_ADDED_TO_ACCOUNT'),
    ]);
    const stored = await accountItems(account.service_account_number, 'TXN#');
    expect(stored).toHaveLength(100);
    expect(stored.filter((item) => item.type === 'CREDIT')).toHaveLength(0);
    expectLedgerEntryIds(stored, ids('T', 0, 100));
    const firstIds = stored
      .filter((item) => Number(item.transaction_id.slice(2)) < 40)
      .map((i) => i.ledger_entry_id);
    const laterIds = stored
      .filter((item) => Number(item.transaction_id.slice(2)) >= 40)
      .map((i) => i.ledger_entry_id);
    expect(Math.min(...laterIds)).toBeGreaterThan(Math.max(...firstIds));
  });

  it('an account whose ledger counter is not where the process item says (no hint yet, ids already used) gets ids after the used ones', async () => {
    // Prepare
    const account = await createImportedAccount({ nextLedgerEntryId: 500 });
    // Act
    const first = await postTransactions(
      token,
      account,
      ids('U', 0, 120).map((id) => tx.charge(id)),
    );
    const second = await postTransactions(
      token,
      account,
      ids('U', 100, 150).map((id) => tx.payment(id)),
    );
    // Assess
    expect([first.status, second.status]).toEqual([201, 201]);
    const stored = await accountItems(account.service_account_number, 'TXN#');
    expect(stored).toHaveLength(150);
    expect(Math.min(...stored.map((item) => Number(item.ledger_entry_id)))).toBe(500);
    expectLedgerEntryIds(stored, ids('U', 0, 150));
  });
});

describe('Rule: a historical statement sent again with the same content is accepted and not stored twice; with different content the request is a 409 and nothing of it is written', () => {
  const statement = (id: string, gross_amount = 54.21) => ({
    statement_id: id,
    bill_period_from_date: '2025-11-01',
    bill_period_to_date: '2025-11-30',
    issued_date: '2025-12-02',
    number: `S-${id}`,
    gross_amount,
  });

  it('a request holding a stored statement with the same content: 201, the new ones stored, the stored one once', async () => {
    // Prepare
    const account = await createImportedAccount();
    expect((await postStatements(token, account, [statement('S-2')])).status).toBe(201);
    // Act
    const response = await postStatements(token, account, [
      statement('S-1'),
      statement('S-2'),
      statement('S-3'),
    ]);
    // Assess
    expect(response.status).toBe(201);
    const stored = await accountItems(account.service_account_number, 'STATEMENT#');
    expect(stored.map((item) => item.statement_id).sort()).toEqual(['S-1', 'S-2', 'S-3']);
  });

  it('a request holding a stored statement with other content: 409 naming it, and none of its new statements stored', async () => {
    // Prepare
    const account = await createImportedAccount();
    expect((await postStatements(token, account, [statement('S-2')])).status).toBe(201);
    // Act
    const response = await postStatements(token, account, [
      statement('S-1'),
      statement('S-2', 99.99),
      statement('S-3'),
    ]);
    // Assess
    expect(response.status).toBe(409);
    expect(response.json).toMatchObject({ code: 'historical_statement_already_exists', statement_id: 'S-2' });
    const stored = await accountItems(account.service_account_number, 'STATEMENT#');
    expect(stored.map((item) => item.statement_id)).toEqual(['S-2']);
    expect(stored[0]?.gross_amount).toBe(54.21);
  });
});

describe('Rule: a new note is created only when the account has no note with the same body (and the same created_at when one is provided)', () => {
  it('a request of notes some of which the account has: those are NOTE_ALREADY_EXISTS, the others created once', async () => {
    // Prepare
    const account = await createImportedAccount();
    const timed = { body: 'timed note', created_at: '2026-01-02T03:04:05Z' };
    expect((await postNotes(token, account, [{ body: 'known note' }, timed])).status).toBe(201);
    // Act
    const response = await postNotes(token, account, [
      { body: 'known note' },
      { body: 'new note' },
      timed,
      { ...timed, created_at: '2026-01-02T03:04:06Z' },
    ]);
    // Assess
    expect(response.status).toBe(201);
    expect(response.json.map((result: { status: string }) => result.status)).toEqual([
      'NOTE_ALREADY_EXISTS',
      'NOTE_CREATION_SUCCESS',
      'NOTE_ALREADY_EXISTS',
      'NOTE_CREATION_SUCCESS',
    ]);
    expect(await accountItems(account.service_account_number, 'NOTE#')).toHaveLength(4);
  });
});

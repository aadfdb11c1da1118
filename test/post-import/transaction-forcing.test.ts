import { describe, expect, it } from 'vitest';
import { createImportedAccount } from './support/imported-account.js';
import { postTransactions, exampleTransactions as tx } from './support/post-import-api.js';
import { prepareAcmeToken, token } from './support/prepare.js';
import { accountItems } from './support/store.js';

prepareAcmeToken();

describe('Forcing: with force_add_to_current_statement (default true) an earlier transaction is moved into the open period', () => {
  it('moves the date to the first day of the open period, keeps the original date in the description, and pins ONE note', async () => {
    // Prepare
    const account = await createImportedAccount({ openPeriodStart: '2026-01-01' });
    // Act
    const response = await postTransactions(token, account, [
      tx.charge('OLD-1', '2025-06-30'),
      tx.credit('NEW-1', '2026-02-01'),
      tx.payment('OLD-2', '2025-12-31'),
    ]);
    // Assess
    expect(response.status).toBe(201);
    const [first, second, third] = response.json.results;
    expect(first.transaction_data).toMatchObject({
      transaction_id: 'OLD-1',
      transaction_date: '2026-01-01',
      description: expect.stringContaining('2025-06-30'),
    });
    expect(second.transaction_data.transaction_date).toBe('2026-02-01');
    expect(second.transaction_data.description).toBeUndefined();
    expect(third.transaction_data).toMatchObject({
      transaction_date: '2026-01-01',
      description: expect.stringContaining('2025-12-31'),
    });
    const stored = await accountItems(account.service_account_number, 'TXN#OLD-1');
    expect(stored[0]).toMatchObject({
      transaction_date: '2026-01-01',
      original_transaction_date: '2025-06-30',
    });
    const notes = await accountItems(account.service_account_number, 'NOTE#');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ is_pinned: true, body: expect.stringContaining('OLD-1') });
    expect(notes[0]?.body).toContain('OLD-2');
  });

  it('pins no note when nothing was moved, and none when the moved transactions already existed', async () => {
    // Prepare
    const account = await createImportedAccount({ openPeriodStart: '2026-01-01' });
    await postTransactions(token, account, [tx.charge('OLD', '2025-06-30')]);
    // Act
    await postTransactions(token, account, [tx.charge('OLD', '2025-06-30'), tx.credit('NEW', '2026-03-01')]);
    // Assess
    expect(await accountItems(account.service_account_number, 'NOTE#')).toHaveLength(1);
  });
});

describe('Forcing: with force_add_to_current_statement=false an earlier transaction fails the request', () => {
  it('answers the spec error body saying it is not within the open statement period and writes nothing', async () => {
    // Prepare
    const account = await createImportedAccount({ openPeriodStart: '2026-01-01' });
    // Act
    const response = await postTransactions(
      token,
      account,
      [tx.credit('IN-1', '2026-02-01'), tx.charge('OLD-1', '2025-06-30')],
      { force_add_to_current_statement: 'false' },
    );
    // Assess
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      status: 'TRANSACTION_IMPORT_ERROR',
      code: 'not_within_open_statement_period',
      error_detail: expect.stringContaining('not within the open statement period'),
      errors: [
        {
          attr: 'transactions.1.transaction_date',
          code: 'not_within_open_statement_period',
          detail: expect.stringContaining('not within the open statement period'),
        },
      ],
      transaction_data: expect.objectContaining({
        transaction_id: 'OLD-1',
        transaction_date: '2025-06-30',
        amount: '45.50',
      }),
    });
    expect(await accountItems(account.service_account_number, 'TXN#')).toEqual([]);
    expect(await accountItems(account.service_account_number, 'NOTE#')).toEqual([]);
  });
});

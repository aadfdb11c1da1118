import { describe, expect, it } from 'vitest';
import type { Account } from '../../functions/rules/account/account.js';
import { CREATION_LIMITS, creationLimitErrors } from '../../functions/rules/account/creation-limits.js';

const transaction = (n: number) => ({
  type: 'PAYMENT',
  transaction_id: `T-${n}`,
  transaction_date: '2025-01-01',
  amount: '1.00',
});

describe('Rule: one creation writes at most the documented number of embedded items of each kind; above it, too_many_items names the post-import endpoint', () => {
  it('an account at every limit passes', () => {
    // Prepare
    const account = {
      import_supplier: 'ACME',
      external_account_number: 'LIMITS-1',
      current_statement_transactions: Array.from({ length: CREATION_LIMITS.transactions.max }, (_, n) =>
        transaction(n),
      ),
      notes: Array.from({ length: CREATION_LIMITS.notes.max }, () => ({ body: 'x' })),
      statements: [],
      payment_instructions: [],
    } as Account;
    // Act
    const errors = creationLimitErrors(account);
    // Assess
    expect(errors).toEqual([]);
  });

  it('one transaction over the limit, counted over both lists, is too_many_items naming transactions/create/', () => {
    // Prepare
    const half = CREATION_LIMITS.transactions.max / 2;
    const account = {
      import_supplier: 'ACME',
      external_account_number: 'LIMITS-1',
      current_statement_transactions: Array.from({ length: half }, (_, n) => transaction(n)),
      historical_statement_transactions: Array.from({ length: half + 1 }, (_, n) => transaction(half + n)),
    } as Account;
    // Act
    const errors = creationLimitErrors(account);
    // Assess
    expect(errors).toEqual([
      {
        attr: 'historical_statement_transactions',
        code: 'too_many_items',
        detail: expect.stringContaining('POST /v1/data-import/transactions/create/'),
      },
    ]);
  });

  it('notes and statements over their limits name notes/create/ and historical-statements/create/', () => {
    // Prepare
    const account = {
      import_supplier: 'ACME',
      external_account_number: 'LIMITS-1',
      notes: Array.from({ length: CREATION_LIMITS.notes.max + 1 }, () => ({ body: 'x' })),
      statements: Array.from({ length: CREATION_LIMITS.statements.max + 1 }, (_, n) => ({
        statement_id: `S-${n}`,
        bill_period_from_date: '2025-01-01',
        bill_period_to_date: '2025-01-31',
      })),
    } as Account;
    // Act
    const errors = creationLimitErrors(account);
    // Assess
    expect(errors.map((error) => [error.attr, error.code])).toEqual([
      ['notes', 'too_many_items'],
      ['statements', 'too_many_items'],
    ]);
    expect(errors[0]?.detail).toContain('/notes/create/');
    expect(errors[1]?.detail).toContain('/historical-statements/create/');
  });
});

import { describe, expect, it } from 'vitest';
import { type AccountSummary, reconcileLine } from '../../client/etl/reconcile.js';
import { accountPayload } from '../accounts/support/accounts.js';

/** A line's account carrying notes, transactions, statements and a payment instruction. */
const account = accountPayload({ external_account_number: 'R-1' }) as ReturnType<typeof accountPayload> & {
  external_account_number: string;
};

/** What the service holds for the account today: imported, none of its embedded items as records. */
function importedSummary(): AccountSummary {
  return {
    import_supplier: 'ACME',
    external_account_number: 'R-1',
    service_account_number: 'A-0000000A',
    status: 'COMPLETED',
    transactions: {
      count: 0,
      amount_total: '0.00',
      first_date: null,
      last_date: null,
      ids_sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      by_type: {},
    },
    notes: { count: 0 },
    statements: { count: 0, ids_sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' },
    payment_instruction: null,
  } as AccountSummary;
}

describe('Rule: reconcile compares a line with what the service holds today: MATCH when the account is imported, MISSING otherwise', () => {
  it('MATCH when the account is imported, though the summary counts none of the notes, transactions, statements and payment instruction the account carries', () => {
    // Prepare
    expect(account.notes.length).toBeGreaterThan(0);
    expect(account.current_statement_transactions.length).toBeGreaterThan(0);
    // Act
    const result = reconcileLine(1, account, importedSummary());
    // Assess
    expect(result).toEqual({ line: 1, external_account_number: 'R-1', result: 'MATCH', differences: [] });
  });

  it('MISSING when the API does not know the account (404: never staged, or staged and not imported yet)', () => {
    expect(reconcileLine(4, account, undefined)).toEqual({
      line: 4,
      external_account_number: 'R-1',
      result: 'MISSING',
      differences: [],
    });
  });
});

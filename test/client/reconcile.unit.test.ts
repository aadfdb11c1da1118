import { describe, expect, it } from 'vitest';
import { type AccountSummary, expectedSummary, reconcileLine } from '../../client/etl/reconcile.js';
import { type Account, withoutNulls } from '../../functions/rules/account/account.js';
import { createdKindCounts } from '../../functions/rules/account/creation-events/created-kind-counts.js';
import { idsSha256 } from '../../functions/rules/summary/account-summary.js';
import { accountPayload } from '../accounts/support/accounts.js';

/** A line's account carrying notes, transactions, statements and a payment instruction. */
const account = accountPayload({ external_account_number: 'R-1' }) as ReturnType<typeof accountPayload> & {
  external_account_number: string;
};

/** The summary of the account as its creation leaves it, written out by hand from the line. */
function createdSummary(): AccountSummary {
  const transactions = [
    ...account.current_statement_transactions,
    ...account.historical_statement_transactions,
  ];
  const minor = transactions.reduce((sum, t) => sum + Math.round(Number(t.amount) * 100), 0);
  return {
    import_supplier: 'ACME',
    external_account_number: 'R-1',
    service_account_number: 'A-0000000A',
    status: 'COMPLETED',
    transactions: {
      count: transactions.length,
      amount_total: (minor / 100).toFixed(2),
      first_date: null,
      last_date: null,
      ids_sha256: idsSha256(transactions.map((t) => t.transaction_id)),
      by_type: {},
    },
    notes: { count: account.notes.length },
    statements: {
      count: account.statements.length,
      ids_sha256: idsSha256(account.statements.map((s: { statement_id: string }) => s.statement_id)),
    },
    payment_instruction: {
      vendor: 'BOTTOMLINE_PTX',
      reference: account.payment_instructions.at(-1).reference,
      type: 'DIRECT_DEBIT',
    },
    created: { ...createdKindCounts(withoutNulls(account) as Account) },
  } as AccountSummary;
}

describe('Rule: reconcile compares a line with the summary of its account: every count, total and fingerprint creation makes from the line', () => {
  it('MATCH when the summary holds exactly what the line carries: transactions, notes, statements, instruction and every created kind', () => {
    // Prepare
    const summary = createdSummary();
    // Act
    const result = reconcileLine(1, account, summary);
    // Assess
    expect(result).toEqual({ line: 1, external_account_number: 'R-1', result: 'MATCH', differences: [] });
    expect(Object.keys(expectedSummary(account))).toContain('created.users');
  });

  it('MISMATCH naming each field that differs, with what the line expects and what the service holds', () => {
    // Prepare
    const summary = createdSummary();
    summary.notes.count += 1;
    summary.created = { ...summary.created, users: 0 };
    // Act
    const result = reconcileLine(2, account, summary);
    // Assess
    expect(result.result).toBe('MISMATCH');
    expect(result.differences).toEqual([
      { field: 'notes.count', expected: account.notes.length, actual: account.notes.length + 1 },
      { field: 'created.users', expected: account.customers.length, actual: 0 },
    ]);
  });

  it('kinds the summary does not count (an account created before the service counted them) are not compared', () => {
    // Prepare
    const summary = createdSummary();
    summary.created = {};
    // Act
    const result = reconcileLine(3, account, summary);
    // Assess
    expect(result.result).toBe('MATCH');
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

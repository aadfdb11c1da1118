import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AccountBundle } from '../../client/etl/bundle.js';
import {
  type AccountSummary,
  expectedSummary,
  idsSha256,
  reconcileBundle,
} from '../../client/etl/reconcile.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

const bundle: AccountBundle = {
  account: { external_account_number: 'R-1', import_supplier: 'ACME' },
  transactions: [
    { transaction_id: 'T-2', transaction_date: '2026-02-01', amount: 0.1, type: 'CHARGE' },
    { transaction_id: 'T-1', transaction_date: '2026-01-01', amount: 0.2, type: 'CHARGE' },
    { transaction_id: 'T-3', transaction_date: '2026-03-01', amount: 30.25, type: 'PAYMENT' },
  ],
  notes: [
    { body: 'a', created_at: '2026-01-01T00:00:00Z' },
    { body: 'a', created_at: '2026-01-01T00:00:00Z' },
    { body: 'b' },
  ],
  statements: [{ statement_id: 'S-B' }, { statement_id: 'S-A' }],
  payment_instruction: { vendor: 'STRIPE', reference: 'pm_1', type: 'CARD' },
};

/** The summary the API would answer for the bundle imported as posted. */
function matchingSummary(): AccountSummary {
  return {
    import_supplier: 'ACME',
    external_account_number: 'R-1',
    service_account_number: 'A-0000000A',
    status: 'COMPLETED',
    transactions: {
      count: 3,
      amount_total: '30.55',
      first_date: '2026-01-01',
      last_date: '2026-03-01',
      ids_sha256: sha('T-1\nT-2\nT-3'),
      by_type: { CHARGE: { count: 2, amount_total: '0.30' }, PAYMENT: { count: 1, amount_total: '30.25' } },
    },
    notes: { count: 2 },
    statements: { count: 2, ids_sha256: sha('S-A\nS-B') },
    payment_instruction: { vendor: 'STRIPE', reference: 'pm_1', type: 'CARD' },
  };
}

describe('expected summary: counts, totals per type and id digests computed from the bundle', () => {
  it('sums amounts exactly in minor units and hashes the sorted ids joined with newlines', () => {
    const expected = expectedSummary(bundle);
    expect(expected.transactions).toMatchObject({
      count: 3,
      amount_total: '30.55',
      ids_sha256: sha('T-1\nT-2\nT-3'),
      by_type: { CHARGE: { count: 2, amount_total: '0.30' }, PAYMENT: { count: 1, amount_total: '30.25' } },
    });
    expect(expected.notes.count).toBe(2);
    expect(expected.statements.ids_sha256).toBe(sha('S-A\nS-B'));
  });

  it('the digest of no ids is the digest of the empty string; ids sort in code-point order', () => {
    expect(idsSha256([])).toBe(sha(''));
    expect(idsSha256(['b', 'B', 'a'])).toBe(sha('B\na\nb'));
  });

  it('negative amounts are summed with their sign', () => {
    const expected = expectedSummary({
      account: { external_account_number: 'R-2' },
      transactions: [
        { transaction_id: 'A', amount: -12.5, type: 'CREDIT' },
        { transaction_id: 'B', amount: 2.05, type: 'CREDIT' },
      ],
    });
    expect(expected.transactions.amount_total).toBe('-10.45');
  });
});

describe('reconcile: MATCH, MISSING or MISMATCH with the differences', () => {
  it('MATCH when the summary agrees with the bundle', () => {
    expect(reconcileBundle(1, bundle, matchingSummary())).toEqual({
      line: 1,
      external_account_number: 'R-1',
      result: 'MATCH',
      differences: [],
    });
  });

  it('MISSING when the account is not known to the API', () => {
    expect(reconcileBundle(4, bundle, undefined)).toMatchObject({ line: 4, result: 'MISSING' });
  });

  it('MISMATCH lists each field that differs with what was expected and what the API holds', () => {
    // Prepare
    const summary = matchingSummary();
    summary.transactions.count = 2;
    summary.transactions.by_type.PAYMENT = { count: 0, amount_total: '0.00' };
    summary.statements.ids_sha256 = sha('S-A');
    summary.payment_instruction = null;

    // Act
    const result = reconcileBundle(2, bundle, summary);

    // Assess
    expect(result.result).toBe('MISMATCH');
    expect(result.differences.map((difference) => difference.field)).toEqual([
      'transactions.count',
      'transactions.by_type.PAYMENT.count',
      'transactions.by_type.PAYMENT.amount_total',
      'statements.ids_sha256',
      'payment_instruction',
    ]);
    expect(result.differences[0]).toEqual({ field: 'transactions.count', expected: 3, actual: 2 });
  });

  it('a note the service added itself (moved transaction dates) is no difference; a missing note is', () => {
    const extra = matchingSummary();
    extra.notes.count = 3;
    expect(reconcileBundle(1, bundle, extra).result).toBe('MATCH');
    const fewer = matchingSummary();
    fewer.notes.count = 1;
    expect(reconcileBundle(1, bundle, fewer).differences).toEqual([
      { field: 'notes.count', expected: 2, actual: 1 },
    ]);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../functions/rules/notes/note.js';
import {
  type StatementPayload,
  statementContentHash,
  statementRuleErrors,
} from '../../functions/rules/statements/statement.js';
import { dateMovedWarnings } from '../../functions/rules/transactions/date-moved-warnings.js';
import type { TransactionToStore } from '../../functions/rules/transactions/transaction.js';

const statement: StatementPayload = {
  statement_id: 'S-1',
  bill_period_from_date: '2025-11-01',
  bill_period_to_date: '2025-11-30',
  issued_date: '2025-12-02',
  number: 'S-000123',
  gross_amount: 54.21,
};

describe('Statement content: the optional fields count only when sent, so earlier statements keep their hash', () => {
  it('hashes a statement without the optional fields exactly as the spec fields alone', () => {
    // Prepare
    const specFieldsOnly = JSON.stringify([
      'S-1',
      '2025-11-01',
      '2025-11-30',
      '2025-12-02',
      'S-000123',
      54.21,
      null,
    ]);
    // Act
    const hash = statementContentHash(statement, undefined);
    // Assess
    expect(hash).toBe(createHash('sha256').update(specFieldsOnly).digest('hex').slice(0, 40));
  });

  it('gives a different hash when an optional field is sent', () => {
    // Act
    const plain = statementContentHash(statement, undefined);
    const reversed = statementContentHash({ ...statement, is_reversed: false }, undefined);
    // Assess
    expect(reversed).not.toBe(plain);
  });
});

describe('Statement decimals: money at most 2 places, quantities at most 6', () => {
  it('accepts 2 places of money and 6 of quantities, refuses one more of each', () => {
    // Act
    const fine = statementRuleErrors(
      { ...statement, total_supply_cost: 1.25, average_daily_usage: 0.123456, total_feed_in_cost: -3.5 },
      0,
    );
    const tooPrecise = statementRuleErrors(
      { ...statement, total_supply_cost: 1.255, average_daily_usage: 0.1234567 },
      0,
    );
    // Assess
    expect(fine).toEqual([]);
    expect(tooPrecise.map((error) => [error.attr, error.code])).toEqual([
      ['statements.0.total_supply_cost', 'too_many_decimal_places'],
      ['statements.0.average_daily_usage', 'too_many_decimal_places'],
    ]);
  });
});

describe('Note identity: external_id is hashed under its own name', () => {
  it('never gives a note with an external_id the hash of a body with the same text', () => {
    // Act
    const byExternalId = contentHash('same', [], 'same');
    const byBody = contentHash('same', []);
    // Assess
    expect(byExternalId).not.toBe(byBody);
    expect(contentHash('other body', [], 'same')).toBe(byExternalId);
  });
});

describe('Warnings: one transaction_date_moved per moved date, none when nothing moved', () => {
  const base = { amount_minor: 100, type: 'CHARGE' } as const;
  it('reports attr, from and to for each moved transaction only', () => {
    // Prepare
    const transactions: TransactionToStore[] = [
      { ...base, index: 0, transaction_id: 'A', transaction_date: '2026-02-01' },
      {
        ...base,
        index: 1,
        transaction_id: 'B',
        transaction_date: '2026-01-01',
        original_transaction_date: '2024-03-03',
      },
    ];
    // Act
    const warnings = dateMovedWarnings(transactions);
    // Assess
    expect(warnings).toEqual([
      {
        attr: 'transactions.1.transaction_date',
        code: 'transaction_date_moved',
        detail: expect.stringContaining('2024-03-03'),
        from: '2024-03-03',
        to: '2026-01-01',
      },
    ]);
    expect(dateMovedWarnings([transactions[0]!])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { fromStripePaymentMethod } from '../../functions/adapters/payments/stripe-adapter.js';
import { parseExtraChoices } from '../../functions/rules/post-import/choices.js';
import { formatMinorUnits, toMinorUnits } from '../../functions/rules/transactions/amount.js';
import { forcingNote } from '../../functions/rules/transactions/forcing-note.js';
import { parseTransactionOptions } from '../../functions/rules/transactions/request-options.js';
import { ledgerFlags } from '../../functions/rules/transactions/transaction-types.js';
import { validateTransaction } from '../../functions/rules/transactions/validate-transaction.js';
import { exampleTransactions as tx } from './support/post-import-api.js';

const rules = {
  now: new Date('2026-06-15T12:00:00Z'),
  openPeriodStart: '2026-01-01',
  forceAddToCurrentStatement: true,
};

describe('Amounts: integer minor units stored, two-decimal strings shown', () => {
  it.each([
    [12.34, 1234],
    [0.1, 10],
    [-5, -500],
    [0.29, 29],
    [100, 10000],
  ])('%s → %s minor units', (amount, minor) => {
    // Act
    const result = toMinorUnits(amount);
    // Assess
    expect(result).toEqual({ ok: true, minor });
  });

  it.each([1.005, 0.001, 12.345])('refuses %s (more than 2 decimals)', (amount) => {
    // Act
    const result = toMinorUnits(amount);
    // Assess
    expect(result).toMatchObject({ ok: false, code: 'too_many_decimal_places' });
  });

  it.each([
    [1234, '12.34'],
    [5, '0.05'],
    [-1230, '-12.30'],
    [0, '0.00'],
  ])('formats %s as %s', (minor, text) => {
    // Act + Assess
    expect(formatMinorUnits(minor)).toBe(text);
  });
});

describe('Transaction validation: fields per type, dates, forcing', () => {
  it('keeps a transaction inside the open period as it is', () => {
    // Act
    const transaction = validateTransaction(tx.charge('A', '2026-01-01'), 0, rules);
    // Assess
    expect(transaction).toMatchObject({ transaction_date: '2026-01-01', amount_minor: 4550 });
    expect(transaction.description).toBeUndefined();
  });

  it('accepts a transaction dated today and refuses tomorrow', () => {
    // Act + Assess
    expect(validateTransaction(tx.charge('A', '2026-06-15'), 0, rules).transaction_date).toBe('2026-06-15');
    expect(() => validateTransaction(tx.charge('A', '2026-06-16'), 0, rules)).toThrow(
      expect.objectContaining({ code: 'transaction_in_future' }),
    );
  });

  it('moves an earlier transaction to the first day of the open period and says so in its description', () => {
    // Act
    const transaction = validateTransaction(tx.charge('A', '2025-12-31'), 0, rules);
    // Assess
    expect(transaction).toMatchObject({
      transaction_date: '2026-01-01',
      original_transaction_date: '2025-12-31',
      description: expect.stringContaining('Originally dated 2025-12-31'),
    });
  });

  it.each([
    ['CHARGE', 'reference'],
    ['CREDIT', 'payment_type'],
    ['PAYMENT', 'display_note'],
    ['REPAYMENT', 'product_code'],
    ['SUPPLY_CHARGE', 'reason'],
    ['SUPPLY_CHARGE', 'note'],
  ])('refuses on a %s the field %s that does not belong to the type', (type, field) => {
    // Prepare
    const raw = { transaction_id: 'X', transaction_date: '2026-02-01', amount: 1, type, [field]: 'x' };
    // Act + Assess
    expect(() => validateTransaction(raw, 3, rules)).toThrow(
      expect.objectContaining({
        code: 'unknown_field',
        detail: expect.stringContaining(`transactions.3.${field}`),
      }),
    );
  });

  it('posts the ledger flags of each type', () => {
    // Act + Assess
    expect(ledgerFlags('SUPPLY_CHARGE')).toMatchObject({ is_charge: true, is_credit: false });
    expect(ledgerFlags('REPAYMENT')).toMatchObject({ is_repayment: true, is_payment: false });
  });
});

describe('URL parameters: true/false/1/0, default true', () => {
  it('defaults both to true and parses each form', () => {
    // Act + Assess
    expect(parseTransactionOptions({})).toEqual({
      checkPreviouslyAdded: true,
      forceAddToCurrentStatement: true,
    });
    expect(
      parseTransactionOptions({ check_previously_added: '0', force_add_to_current_statement: 'False' }),
    ).toEqual({
      checkPreviouslyAdded: false,
      forceAddToCurrentStatement: false,
    });
  });
});

describe('Forcing note: one pinned note naming every moved transaction, within 10 000 characters', () => {
  it('lists the moved transactions and truncates a long list', () => {
    // Prepare
    const moved = Array.from({ length: 1000 }, (_, i) => ({
      ...validateTransaction(tx.charge(`MOVED-${i}`, '2025-01-01'), i, rules),
    }));
    // Act
    const note = forcingNote(moved, '2026-01-01', rules.now);
    // Assess
    expect(note.is_pinned).toBe(true);
    expect(note.body!.length).toBeLessThanOrEqual(10_000);
    expect(note.body).toContain('MOVED-0 (originally dated 2025-01-01)');
    expect(note.body).toMatch(/… and \d+ more$/);
  });
});

describe('Configuration: DATA_IMPORT_EXTRA_CHOICES', () => {
  it('parses extra values per field and refuses unknown fields or non-string values', () => {
    // Act + Assess
    expect(parseExtraChoices('{"reason": ["GOODWILL"], "payment_instruction_type": ["SEPA_DEBIT"]}')).toEqual(
      {
        reason: ['GOODWILL'],
        payment_instruction_type: ['SEPA_DEBIT'],
      },
    );
    expect(() => parseExtraChoices('{"colour": ["RED"]}')).toThrow(/unknown field/);
    expect(() => parseExtraChoices('{"reason": [1]}')).toThrow(/array of strings/);
    expect(() => parseExtraChoices('[]')).toThrow(/JSON object/);
  });
});

describe('STRIPE mapping: a usable instruction, or invalid', () => {
  it('maps a card payment method to CARD with its details', () => {
    // Act
    const instruction = fromStripePaymentMethod(
      { id: 'pm_1', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2030 } },
      'pm_1',
      rules.now,
    );
    // Assess
    expect(instruction).toEqual({
      reference: 'pm_1',
      type: 'CARD',
      details: { vendor_type: 'card', brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2030 },
    });
  });

  it('refuses an expired card and an unrecognised body', () => {
    // Act + Assess
    expect(() =>
      fromStripePaymentMethod(
        { id: 'pm_1', type: 'card', card: { exp_month: 5, exp_year: 2026 } },
        'pm_1',
        rules.now,
      ),
    ).toThrow(expect.objectContaining({ name: 'VendorInstructionInvalid' }));
    expect(() => fromStripePaymentMethod({ id: 'pm_other', type: 'card' }, 'pm_1', rules.now)).toThrow(
      expect.objectContaining({ name: 'VendorInstructionInvalid' }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TransactionImportError } from '../../functions/errors.js';
import { firstStatementPeriodStart } from '../../functions/rules/account/statement-period.js';
import { checkAccount } from '../../functions/rules/account/validate-account.js';
import { validateTransaction } from '../../functions/rules/transactions/validate-transaction.js';
import { isoDate, nextDay } from '../../functions/rules/values/dates.js';
import { accountPayload } from '../accounts/support/accounts.js';

/** Days from 2000-01-01 to 2100-12-31: covers leap days (2000, 2004 … 2096) and century edges. */
const day = fc
  .integer({ min: 0, max: 36_889 })
  .map((offset) => isoDate(new Date(Date.UTC(2000, 0, 1) + offset * 86_400_000)));

const previousDay = (date: string) => {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - 1);
  return isoDate(at);
};

/** A moment of the day `date` (UTC), anywhere between midnight and the last millisecond. */
const momentOf = (date: string, millis: number) => new Date(Date.parse(`${date}T00:00:00Z`) + millis);
const millisOfDay = fc.integer({ min: 0, max: 86_399_999 });

const charge = (date: string) => ({
  transaction_id: 'T-1',
  transaction_date: date,
  amount: 12.5,
  type: 'CHARGE',
  reason: 'IMPORTED_CHARGE',
  display_note: 'Imported charge',
  note: 'Balance brought over',
});

/** The stored date, or the code of the TRANSACTION_IMPORT_ERROR the transaction answers. */
function post(date: string, now: Date, openPeriodStart: string, forceAddToCurrentStatement: boolean) {
  try {
    const stored = validateTransaction(charge(date), 0, { now, openPeriodStart, forceAddToCurrentStatement });
    return { stored: stored.transaction_date };
  } catch (error) {
    if (error instanceof TransactionImportError) return { code: error.code };
    throw error;
  }
}

describe('Rule: a stored transaction date is never after today, forced or not', () => {
  it('for any date, period start and moment of today, a stored date is ≤ today and ≥ the period start', () => {
    fc.assert(
      fc.property(day, day, day, millisOfDay, fc.boolean(), (date, periodStart, today, millis, force) => {
        // Prepare
        const now = momentOf(today, millis);
        // Act
        const outcome = post(date, now, periodStart, force);
        // Assess
        if (outcome.stored !== undefined) {
          expect(outcome.stored <= today).toBe(true);
          expect(outcome.stored >= periodStart).toBe(true);
        } else {
          expect(['transaction_in_future', 'not_within_open_statement_period']).toContain(outcome.code);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('a transaction moved to a period that starts tomorrow is transaction_in_future, as the same date posted directly', () => {
    fc.assert(
      fc.property(day, millisOfDay, (today, millis) => {
        // Prepare
        const now = momentOf(today, millis);
        const tomorrow = nextDay(today);
        // Act
        const moved = post(today, now, tomorrow, true);
        const direct = post(tomorrow, now, tomorrow, true);
        // Assess
        expect(moved).toEqual({ code: 'transaction_in_future' });
        expect(direct).toEqual({ code: 'transaction_in_future' });
      }),
    );
  });

  it('edges: a date of today or the period start is stored as it is; yesterday is moved to a period starting today', () => {
    fc.assert(
      fc.property(day, millisOfDay, (today, millis) => {
        // Prepare
        const now = momentOf(today, millis);
        const yesterday = previousDay(today);
        // Act / Assess
        expect(post(today, now, today, false)).toEqual({ stored: today });
        expect(post(yesterday, now, yesterday, false)).toEqual({ stored: yesterday });
        expect(post(yesterday, now, today, true)).toEqual({ stored: today });
        expect(post(yesterday, now, today, false)).toEqual({ code: 'not_within_open_statement_period' });
        expect(post(nextDay(today), now, today, true)).toEqual({ code: 'transaction_in_future' });
      }),
    );
  });

  it('leap days: 29 February is today on a leap year, and a period starting on 1 March takes it only when forced', () => {
    // Prepare
    const now = new Date('2028-02-29T23:59:59.999Z');
    // Act / Assess
    expect(post('2028-02-29', now, '2028-02-29', false)).toEqual({ stored: '2028-02-29' });
    expect(post('2028-02-29', now, '2028-03-01', true)).toEqual({ code: 'transaction_in_future' });
    expect(post('2028-02-28', now, '2028-02-29', true)).toEqual({ stored: '2028-02-29' });
    expect(post('2028-03-01', now, '2028-02-29', true)).toEqual({ code: 'transaction_in_future' });
  });
});

describe('Rule: last_billed_to_date must be before today, so the first statement period starts today at the latest', () => {
  const codeFor = (lastBilled: string, now: Date) =>
    checkAccount(accountPayload({ last_billed_to_date: lastBilled }) as never, now).errors.find(
      (error) => error.attr === 'last_billed_to_date',
    )?.code;

  it('today is date_not_before_today, a later day date_in_future, an earlier day accepted', () => {
    fc.assert(
      fc.property(day, day, millisOfDay, (lastBilled, today, millis) => {
        // Prepare
        const now = momentOf(today, millis);
        // Act
        const code = codeFor(lastBilled, now);
        // Assess
        if (lastBilled > today) expect(code).toBe('date_in_future');
        else if (lastBilled === today) expect(code).toBe('date_not_before_today');
        else {
          expect(code).toBeUndefined();
          expect(firstStatementPeriodStart(lastBilled, now) <= today).toBe(true);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('edges: yesterday is accepted and opens the period today; a leap day billed the day before is refused', () => {
    // Prepare
    const now = new Date('2028-02-29T00:00:00.000Z');
    // Act / Assess
    expect(codeFor('2028-02-28', now)).toBeUndefined();
    expect(firstStatementPeriodStart('2028-02-28', now)).toBe('2028-02-29');
    expect(codeFor('2028-02-29', now)).toBe('date_not_before_today');
    expect(codeFor('2028-03-01', now)).toBe('date_in_future');
  });
});

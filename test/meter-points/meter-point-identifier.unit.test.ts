import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountPayload } from '../../functions/rules/account/account.js';
import {
  isValidMpanCore,
  isValidMprn,
  MAX_METER_POINTS_PER_ACCOUNT,
  mpanCheckDigit,
} from '../../functions/rules/account/meter-point-identifier.js';
import { checkAccount } from '../../functions/rules/account/validate-account.js';
import { accountPayload } from '../accounts/support/accounts.js';
import { randomMpan } from '../support/meter-points.js';

const now = new Date('2026-06-15T12:00:00Z');

const twelveDigits = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 })
  .map((d) => d.join(''));

describe('An electricity identifier is a 13-digit MPAN core whose last digit is its check digit', () => {
  it('accepts every core ending in its computed check digit', () => {
    fc.assert(
      fc.property(twelveDigits, (first12) => {
        // Prepare
        const core = `${first12}${mpanCheckDigit(first12)}`;
        // Act / Assess
        expect(isValidMpanCore(core)).toBe(true);
      }),
    );
  });

  it('refuses a core ending in any other digit', () => {
    fc.assert(
      fc.property(twelveDigits, fc.integer({ min: 1, max: 9 }), (first12, offset) => {
        // Prepare
        const wrong = (mpanCheckDigit(first12) + offset) % 10;
        // Act / Assess
        expect(isValidMpanCore(`${first12}${wrong}`)).toBe(false);
      }),
    );
  });

  it('computes the check digit as the weighted sum mod 11 mod 10 (a worked core)', () => {
    // Prepare: 1×3+2×5+3×7+4×13+5×17+6×19+7×23+8×29+9×31+0×37+1×41+2×43 = 1084; 1084 mod 11 = 6
    const first12 = '123456789012';
    // Act / Assess
    expect(mpanCheckDigit(first12)).toBe(6);
    expect(isValidMpanCore('1234567890126')).toBe(true);
  });

  it.each(['123456789012', '12345678901240', '12345678901a4', ' 1234567890126'])(
    'refuses %j (not 13 digits)',
    (value) => {
      expect(isValidMpanCore(value)).toBe(false);
    },
  );
});

describe('A gas identifier is an MPRN of 6 to 10 digits', () => {
  it.each([
    ['12345', false],
    ['123456', true],
    ['1234567890', true],
    ['12345678901', false],
    ['12345a', false],
  ])('%s → valid %s', (value, valid) => {
    expect(isValidMprn(value)).toBe(valid);
  });
});

describe('An account has at most 90 meter points: its creation claims them all in one transaction', () => {
  const withMeterPoints = (count: number) => {
    const account = accountPayload();
    const [electricity] = account.supply_addresses[0].meter_points;
    account.supply_addresses[0].meter_points = Array.from({ length: count }, () => ({
      ...structuredClone(electricity),
      identifier: randomMpan(),
    }));
    return account as AccountPayload;
  };

  it('91 meter points answer too_many_items at supply_addresses; 90 do not', () => {
    // Act
    const over = checkAccount(withMeterPoints(MAX_METER_POINTS_PER_ACCOUNT + 1), now).errors;
    const at = checkAccount(withMeterPoints(MAX_METER_POINTS_PER_ACCOUNT), now).errors;
    // Assess
    expect(over).toContainEqual(
      expect.objectContaining({ attr: 'supply_addresses', code: 'too_many_items' }),
    );
    expect(at).not.toContainEqual(expect.objectContaining({ code: 'too_many_items' }));
  });
});

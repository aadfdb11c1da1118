import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountPayload } from '../../functions/rules/account/account.js';
import {
  isValidMpanCore,
  isValidMprn,
  mpanCheckDigit,
} from '../../functions/rules/account/meter-point-identifier.js';
import { checkAccount } from '../../functions/rules/account/validate-account.js';

const now = new Date('2026-06-15T12:00:00Z');

function payloadWith(
  meterPoints: { supply_type: 'ELECTRICITY' | 'GAS'; identifier: string }[][],
): AccountPayload {
  return {
    import_supplier: 'ACME',
    external_account_number: 'EXT-1',
    account_type: 'DOMESTIC',
    customers: [{ given_name: 'Ada', family_name: 'Lovelace' }],
    billing_address: { address1: '1 Analytical Row', postcode: 'NW1 6XE' },
    supply_addresses: meterPoints.map((points) => ({
      address1: '1 Analytical Row',
      postcode: 'NW1 6XE',
      customer_at_supply_address_from_date: '2020-01-01',
      meter_points: points,
    })),
  } as AccountPayload;
}

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

  it('reports invalid_mpan at supply_addresses.<i>.meter_points.<j>.identifier', () => {
    // Prepare
    const payload = payloadWith([
      [{ supply_type: 'GAS', identifier: '123456' }],
      [{ supply_type: 'ELECTRICITY', identifier: '1234567890125' }],
    ]);
    // Act
    const { errors } = checkAccount(payload, now);
    // Assess
    expect(errors).toEqual([
      expect.objectContaining({ attr: 'supply_addresses.1.meter_points.0.identifier', code: 'invalid_mpan' }),
    ]);
  });
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

  it('reports invalid_mprn at the meter point identifier', () => {
    // Prepare
    const payload = payloadWith([[{ supply_type: 'GAS', identifier: '12345678901' }]]);
    // Act
    const { errors } = checkAccount(payload, now);
    // Assess
    expect(errors).toEqual([
      expect.objectContaining({ attr: 'supply_addresses.0.meter_points.0.identifier', code: 'invalid_mprn' }),
    ]);
  });

  it('does not apply the MPAN rule to a gas meter point (a 13-digit MPRN is refused as an MPRN)', () => {
    const { errors } = checkAccount(
      payloadWith([[{ supply_type: 'GAS', identifier: '1234567890126' }]]),
      now,
    );
    expect(errors.map((e) => e.code)).toEqual(['invalid_mprn']);
  });
});

describe('The same identifier twice in one payload is refused at the later one', () => {
  it('reports duplicate_meter_point at the second occurrence, across supply addresses', () => {
    // Prepare
    const payload = payloadWith([
      [
        { supply_type: 'ELECTRICITY', identifier: '1234567890126' },
        { supply_type: 'GAS', identifier: '7654321' },
      ],
      [{ supply_type: 'ELECTRICITY', identifier: '1234567890126' }],
    ]);
    // Act
    const { errors } = checkAccount(payload, now);
    // Assess
    expect(errors).toEqual([
      expect.objectContaining({
        attr: 'supply_addresses.1.meter_points.0.identifier',
        code: 'duplicate_meter_point',
      }),
    ]);
  });

  it('accepts distinct valid identifiers', () => {
    const payload = payloadWith([
      [
        { supply_type: 'ELECTRICITY', identifier: '1234567890126' },
        { supply_type: 'GAS', identifier: '7654321' },
      ],
    ]);
    expect(checkAccount(payload, now).errors).toEqual([]);
  });
});

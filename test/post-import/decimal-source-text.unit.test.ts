import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../functions/http/json-body.js';
import { checkDecimal } from '../../functions/rules/values/decimal.js';
import { numberSourceText } from '../../functions/validation/number-source-text.js';

/** Checks `text` as the JSON number of an amount field, the way a request body reaches the rule. */
function checkAmountText(text: string) {
  const body = parseJsonBody({ body: `{"amount": ${text}}`, isBase64Encoded: false }) as { amount: number };
  return checkDecimal(body.amount, 2, numberSourceText(body, 'amount'));
}

/** The exact value of a plain decimal text, scaled to an integer count of 10^-scale. */
const scaled = (digits: string, scale: number) => BigInt(digits) * 10n ** BigInt(scale);

describe('Rule: a JSON number with more than 2 decimal places is refused, judged on the text it was written with', () => {
  it.each([
    ['0.1000000000000000000001', 'too_many_decimal_places'],
    ['-1E-400', 'too_many_decimal_places'],
    ['1e-400', 'too_many_decimal_places'],
    ['1.0000000000000001', 'too_many_decimal_places'],
    ['0.001', 'too_many_decimal_places'],
    ['1e-7', 'too_many_decimal_places'],
    ['1e400', 'invalid_decimal'],
    ['1234567890123456', 'invalid_decimal'],
    ['1E16', 'invalid_decimal'],
  ])('%s → %s', (text, code) => {
    expect(checkAmountText(text)).toMatchObject({ ok: false, code });
  });

  it.each([
    ['0.10', '0.10'],
    ['0.100', '0.10'],
    ['1e2', '100.00'],
    ['1E+2', '100.00'],
    ['12.5e-1', '1.25'],
    ['-0', '0.00'],
    ['-0.0', '0.00'],
    ['-0e5', '0.00'],
    ['0.0000e10', '0.00'],
    ['-12.30', '-12.30'],
    ['999999999999999.99', '999999999999999.99'],
    ['100e-2', '1.00'],
  ])('%s is accepted as %s', (text, value) => {
    expect(checkAmountText(text)).toEqual({ ok: true, value });
  });

  it('any number text: accepted exactly when its value has at most 2 decimals and at most 15 digits before the point, and then kept exactly', () => {
    const digits = (min: number, max: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
    const numberText = fc
      .record({
        negative: fc.boolean(),
        whole: fc.oneof(
          fc.constant('0'),
          digits(1, 18).map((d) => `1${d}`.slice(0, 19)),
        ),
        fraction: fc.option(digits(1, 25), { nil: undefined }),
        exponent: fc.option(fc.integer({ min: -30, max: 30 }), { nil: undefined }),
        exponentLetter: fc.constantFrom('e', 'E'),
      })
      .map(({ negative, whole, fraction, exponent, exponentLetter }) => ({
        text: `${negative ? '-' : ''}${whole}${fraction !== undefined ? `.${fraction}` : ''}${
          exponent !== undefined ? `${exponentLetter}${exponent}` : ''
        }`,
        negative,
        // value = mantissa × 10^(exponent − fraction length), as an exact integer ratio
        mantissa: BigInt(`${whole}${fraction ?? ''}`),
        power: (exponent ?? 0) - (fraction?.length ?? 0),
      }));
    fc.assert(
      fc.property(numberText, ({ text, negative, mantissa, power }) => {
        // Prepare: the exact value in hundredths, when it is a whole number of hundredths
        const hundredths =
          power >= -2
            ? mantissa * 10n ** BigInt(power + 2)
            : mantissa % 10n ** BigInt(-power - 2) === 0n
              ? mantissa / 10n ** BigInt(-power - 2)
              : undefined;
        // Act
        const result = checkAmountText(text);
        // Assess
        if (hundredths === undefined) {
          expect(result).toMatchObject({ ok: false, code: 'too_many_decimal_places' });
        } else if (hundredths >= scaled('1', 17)) {
          expect(result).toMatchObject({ ok: false, code: 'invalid_decimal' });
        } else {
          expect(result.ok).toBe(true);
          const value = (result as { value: string }).value;
          const [whole = '', fraction = ''] = value.replace('-', '').split('.');
          expect(BigInt(`${whole}${fraction}`)).toBe(hundredths);
          expect(value.startsWith('-')).toBe(negative && hundredths !== 0n);
        }
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('Rule: the source text of a number is found for its own field, wherever it is nested', () => {
  it('records texts through strings with quotes and escapes, nested arrays, duplicate keys (last wins) and deep nesting', () => {
    // Prepare
    const raw =
      '{"a\\"]":"x,\\"amount\\":1.000","amount":0.5,"items":[1E2,{"gross_amount":-1E-400},[0.10]],' +
      '"dup":{"v":1.001},"dup":{"v":2.000}}';
    // Act
    const body = parseJsonBody({ body: raw, isBase64Encoded: false }) as {
      items: [number, object, number[]];
      dup: object;
    };
    // Assess
    expect(numberSourceText(body, 'amount')).toBeUndefined();
    expect(numberSourceText(body.items, 0)).toBe('1E2');
    expect(numberSourceText(body.items[1], 'gross_amount')).toBe('-1E-400');
    expect(numberSourceText(body.items[2], 0)).toBe('0.10');
    expect(numberSourceText(body.dup, 'v')).toBe('2.000');
    const deep = `${'['.repeat(100_000)}1.50${']'.repeat(100_000)}`;
    expect(() => parseJsonBody({ body: `{"deep":${deep}}`, isBase64Encoded: false })).not.toThrow();
  });
});

import { parsePhoneNumberFromString as parseWithPackageMetadata } from 'libphonenumber-js';
import examples from 'libphonenumber-js/examples.mobile.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { normalisePhoneNumber } from '../../functions/rules/account/phone.js';

/** What libphonenumber-js's own entry point (its bundled `min` metadata) says of a number. */
function packageVerdict(value: string, country: string): string | undefined {
  const parsed = parseWithPackageMetadata(value, country as never);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** Digit strings from a fixed seed: the same corpus on every run. */
function* pseudoRandomNumbers(seed: number, count: number): Generator<string> {
  let state = seed;
  for (let i = 0; i < count; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const length = 6 + (state % 8);
    let digits = '';
    for (let d = 0; d < length; d++) {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      digits += String(state % 10);
    }
    yield i % 3 === 0 ? `+${digits}` : i % 3 === 1 ? `0${digits}` : digits;
  }
}

describe('Rule: phone numbers are checked against every region numbering plan libphonenumber-js ships', () => {
  const regions = Object.entries(examples as Record<string, string>);

  it('the numbering plans parsed from JSON text accept the example mobile number of every region, as the package does', () => {
    // Prepare
    expect(regions.length).toBeGreaterThan(200);
    for (const [region, nationalNumber] of regions) {
      // Act
      const normalised = normalisePhoneNumber(nationalNumber, region);
      // Assess
      expect(normalised, region).toBeDefined();
      expect(normalised, region).toBe(packageVerdict(nationalNumber, region));
    }
  });

  it('a number written for one region is judged the same way as the package judges it in every other', () => {
    // Prepare
    const [gbExample, frExample] = [
      (examples as Record<string, string>).GB!,
      (examples as Record<string, string>).FR!,
    ];
    for (const [region] of regions) {
      // Act and Assess
      expect(normalisePhoneNumber(gbExample, region), region).toBe(packageVerdict(gbExample, region));
      expect(normalisePhoneNumber(`+33 ${frExample.slice(1)}`, region), region).toBe(
        packageVerdict(`+33 ${frExample.slice(1)}`, region),
      );
    }
  });

  it('numbers written the ways people write them (national and international, spaced) are judged as the package judges them', () => {
    for (const [region, nationalNumber] of regions) {
      // Prepare: the package's own formatting of the example, which reads the display formats
      const parsed = parseWithPackageMetadata(nationalNumber, region as never)!;
      const writings = [
        parsed.formatNational(),
        parsed.formatInternational(),
        parsed.format('RFC3966'),
        `(${nationalNumber.slice(0, 3)}) ${nationalNumber.slice(3)}`,
      ];
      for (const writing of writings) {
        // Act and Assess
        expect(normalisePhoneNumber(writing, region), `${region} ${writing}`).toBe(
          packageVerdict(writing, region),
        );
      }
    }
  });

  it('any digit string, national or international, is accepted or refused as the package does', () => {
    let accepted = 0;
    for (const [index, [region]] of regions.entries()) {
      for (const candidate of pseudoRandomNumbers(index + 1, 60)) {
        // Act
        const normalised = normalisePhoneNumber(candidate, region);
        // Assess
        expect(normalised, `${region} ${candidate}`).toBe(packageVerdict(candidate, region));
        if (normalised) accepted++;
      }
    }
    // The corpus holds numbers of both verdicts.
    expect(accepted).toBeGreaterThan(100);
  });
});

import { parsePhoneNumberFromString as parseWithPackageMetadata } from 'libphonenumber-js';
import examples from 'libphonenumber-js/examples.mobile.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { normalisePhoneNumber } from '../../functions/rules/account/phone.js';

/** What libphonenumber-js's own entry point (its bundled `min` metadata) says of a number. */
function packageVerdict(value: string, country: string): string | undefined {
  const parsed = parseWithPackageMetadata(value, country as never);
  return parsed?.isValid() ? parsed.number : undefined;
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
});

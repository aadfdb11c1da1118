import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone number in E.164 form, or undefined when libphonenumber-js does not find a valid
 * number. National numbers are read with `defaultCountry` (the billing address country).
 */
export function normalisePhoneNumber(value: string, defaultCountry: string): string | undefined {
  const parsed = parsePhoneNumberFromString(value, defaultCountry as CountryCode);
  return parsed?.isValid() ? parsed.number : undefined;
}

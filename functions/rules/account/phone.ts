import { type CountryCode, type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { PHONE_METADATA_JSON } from './generated/phone-metadata.js';

/**
 * Every region's numbering plan (libphonenumber-js's `min` metadata), parsed as JSON when the
 * module loads: faster than the object literal the package's default entry point compiles
 * (schemas/build/phone-metadata.ts generates the text). Marked pure, so a bundle that reaches this
 * module without checking phone numbers leaves the text and the parse out, as it left the literal.
 */
const numberingPlans = /* @__PURE__ */ JSON.parse(PHONE_METADATA_JSON) as MetadataJson;

/**
 * A phone number in E.164 form, or undefined when libphonenumber-js does not find a valid
 * number. National numbers are read with `defaultCountry` (the billing address country).
 */
export function normalisePhoneNumber(value: string, defaultCountry: string): string | undefined {
  const parsed = parsePhoneNumberFromString(value, defaultCountry as CountryCode, numberingPlans);
  return parsed?.isValid() ? parsed.number : undefined;
}

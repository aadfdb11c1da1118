import { gunzipSync } from 'node:zlib';
import { type CountryCode, type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { PHONE_METADATA_GZIP_BASE64 } from './generated/phone-metadata.js';

/**
 * Every region's numbering plan (libphonenumber-js's `min` metadata), decoded once, on the first
 * number checked. It ships as a compressed string (see the generator,
 * schemas/build/phone-metadata.ts): inflating and parsing it as JSON costs less than compiling
 * the same data as an object literal when the function loads.
 */
let metadata: MetadataJson | undefined;

function numberingPlans(): MetadataJson {
  metadata ??= JSON.parse(
    gunzipSync(Buffer.from(PHONE_METADATA_GZIP_BASE64, 'base64')).toString('utf8'),
  ) as MetadataJson;
  return metadata;
}

/**
 * A phone number in E.164 form, or undefined when libphonenumber-js does not find a valid
 * number. National numbers are read with `defaultCountry` (the billing address country).
 */
export function normalisePhoneNumber(value: string, defaultCountry: string): string | undefined {
  const parsed = parsePhoneNumberFromString(value, defaultCountry as CountryCode, numberingPlans());
  return parsed?.isValid() ? parsed.number : undefined;
}

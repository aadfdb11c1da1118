import { isValidMpanCore, isValidMprn } from '../account/meter-point-identifier.js';
import { normalisePhoneNumber } from '../account/phone.js';
import { normalisePostcode } from '../account/postcode.js';

/**
 * The formats of the account payload's identifiers, reusing the service's own rules where it has
 * them (functions/rules/account/: postcodes, phone numbers, MPAN check digits, MPRNs). Pure.
 */

/** A UK postcode (GB rule; the account's supply and billing addresses are British). */
export const isUkPostcode = (postcode: string): boolean => normalisePostcode(postcode, 'GB') !== undefined;

/** A postcode valid for `country` where the service knows its rule, any non-blank one otherwise. */
export const isPostcodeOf = (postcode: string, country: string): boolean =>
  normalisePostcode(postcode, country.toUpperCase()) !== undefined;

/** A phone number valid in its region (national numbers read as `country`). */
export const isPhoneNumber = (value: string, country: string): boolean =>
  normalisePhoneNumber(value, country) !== undefined;

/** Royal Mail's delivery point identifier: capital letters and digits only. */
export const isDeliveryPointIdentifier = (value: string): boolean => /^[A-Z0-9]+$/.test(value);

/**
 * A Companies House number, spaces aside: eight digits (fewer are padded with zeros), or two
 * capital letters (the register's prefix: SC, NI, OC, …) and six digits.
 */
export const isCompanyNumber = (value: string): boolean => {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return /^\d{1,8}$/.test(compact) || /^[A-Z]{2}\d{6}$/.test(compact) || /^R0\d{6}$/.test(compact);
};

/** An address someone typed to get past a form: test@…, xxx@…, …@test.com, …@test.co.uk, ….xxx, ….xx. */
export const isTestEmail = (value: string): boolean => {
  const email = value.trim().toLowerCase();
  return (
    email.startsWith('test@') ||
    email.startsWith('xxx@') ||
    ['@test.com', '@test.co.uk', '.xxx', '.xx'].some((end) => email.endsWith(end))
  );
};

/** A meter point identifier of its supply type: a 13-digit MPAN core with its check digit, or an MPRN. */
export const isSupplyPointIdentifier = (identifier: string, supplyType?: string): boolean => {
  if (supplyType === 'ELECTRICITY') return isValidMpanCore(identifier);
  if (supplyType === 'GAS') return isValidMprn(identifier);
  return isValidMpanCore(identifier) || isValidMprn(identifier);
};

/** A meter serial number: capital letters and digits, up to 10 (electricity) or 14 (gas). */
export const isMeterSerialNumber = (value: string, supplyType: string): boolean =>
  new RegExp(`^[A-Z0-9]{1,${supplyType === 'GAS' ? 14 : 10}}$`).test(value);

/** A smart device's EUI-64: eight pairs of hexadecimal digits joined by hyphens. */
export const isSmartDeviceId = (value: string): boolean => /^[0-9A-F]{2}(-[0-9A-F]{2}){7}$/i.test(value);

/** An intermediary's portfolio number: `P-` and eight capital letters or digits. */
export const isPortfolioNumber = (value: string): boolean => /^P-[A-Z0-9]{8}$/.test(value);

/** A tax year `YYYY/YY` whose two years follow one another (2018/19). */
export const isTaxYear = (value: string): boolean => {
  const match = /^(\d{4})\/(\d{2})$/.exec(value);
  return match !== null && (Number(match[1]) + 1) % 100 === Number(match[2]);
};

/** Whether a text, blanks aside, is a whole number. */
export const isWholeNumber = (value: string): boolean => /^\d+$/.test(value.replace(/\s+/g, ''));

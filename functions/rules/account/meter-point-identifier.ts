/**
 * Meter point identifiers of an account payload. An electricity meter point is named by its
 * 13-digit MPAN core, whose last digit is a check digit: the first twelve digits multiplied
 * by 3, 5, 7, 13, 17, 19, 23, 29, 31, 37, 41 and 43, summed, taken mod 11 and then mod 10.
 * A gas meter point is named by its MPRN, 6 to 10 digits. One identifier names one meter
 * point, so it may appear only once in a payload. Pure.
 */

export type SupplyType = 'ELECTRICITY' | 'GAS';

/** Most meter points one account may have: its creation claims them all in one transaction. */
export const MAX_METER_POINTS_PER_ACCOUNT = 90;

const MPAN_CORE = /^\d{13}$/;
const MPRN = /^\d{6,10}$/;
const MPAN_WEIGHTS = [3, 5, 7, 13, 17, 19, 23, 29, 31, 37, 41, 43] as const;

/** The check digit of an MPAN core's first twelve digits. */
export function mpanCheckDigit(firstTwelveDigits: string): number {
  let sum = 0;
  for (let index = 0; index < MPAN_WEIGHTS.length; index++) {
    sum += Number(firstTwelveDigits[index]) * MPAN_WEIGHTS[index]!;
  }
  return (sum % 11) % 10;
}

export function isValidMpanCore(identifier: string): boolean {
  return MPAN_CORE.test(identifier) && mpanCheckDigit(identifier.slice(0, 12)) === Number(identifier[12]);
}

export function isValidMprn(identifier: string): boolean {
  return MPRN.test(identifier);
}

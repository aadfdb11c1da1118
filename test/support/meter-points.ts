import { randomInt } from 'node:crypto';
import { mpanCheckDigit } from '../../functions/rules/account/meter-point-identifier.js';

/**
 * Fresh, valid meter point identifiers. A meter point belongs to one account only, so every
 * test account needs its own: tests run in parallel on one table.
 */
const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');

/** A random 13-digit MPAN core with its check digit. */
export function randomMpan(): string {
  const first12 = digits(12);
  return `${first12}${mpanCheckDigit(first12)}`;
}

/** A random 10-digit MPRN. */
export function randomMprn(): string {
  return `${randomInt(1, 10)}${digits(9)}`;
}

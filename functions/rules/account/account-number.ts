import { randomBytes } from 'node:crypto';

export interface AccountNumbers {
  /** `A-` + 8 characters 0-9A-F. */
  serviceAccountNumber: string;
  /** `L-` + the same 8 characters. */
  ledgerNumber: string;
}

export const SERVICE_ACCOUNT_NUMBER_PATTERN = /^A-[0-9A-F]{8}$/;

/**
 * A fresh random account number (4 random bytes from the CSPRNG). Uniqueness is guaranteed
 * by the conditional write of the account item; a collision draws a new number.
 */
export function newAccountNumbers(random: (size: number) => Buffer = randomBytes): AccountNumbers {
  const suffix = random(4).toString('hex').toUpperCase();
  const serviceAccountNumber = `A-${suffix}`;
  return { serviceAccountNumber, ledgerNumber: ledgerNumberOf(serviceAccountNumber) };
}

/** The account's ledger number: `L-` + the service account number's 8 characters. */
export function ledgerNumberOf(serviceAccountNumber: string): string {
  return `L-${serviceAccountNumber.replace(/^A-/, '')}`;
}

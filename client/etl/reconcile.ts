import type { components } from '../generated/openapi.js';
import type { LineAccount } from './input-file.js';

/** The account summary the API answers at `/v1/data-import/account-summary/<supplier>/<external>/`. */
export type AccountSummary = components['schemas']['AccountSummary'];

export interface Difference {
  field: string;
  expected: unknown;
  actual: unknown;
}

/**
 * One line of `reconcile.ndjson`. `MISMATCH` stays in the contract for the comparisons that come
 * back once creation creates the account's embedded items as records; no line is one today.
 */
export interface ReconcileLine {
  line: number;
  external_account_number: string | null;
  result: 'MATCH' | 'MISSING' | 'MISMATCH';
  differences: Difference[];
}

/**
 * Compares a line's account with what the service holds for it today (its summary;
 * `undefined`: the API does not know the account): `MATCH` when the account is imported,
 * `MISSING` otherwise. The summary's counts of notes, transactions, statements and payment
 * instruction are not compared: creating an account does not create its embedded items as
 * records yet (they are kept whole with the account), so the summary cannot hold them.
 */
export function reconcileLine(
  line: number,
  account: LineAccount,
  summary: AccountSummary | undefined,
): ReconcileLine {
  return {
    line,
    external_account_number: account.external_account_number,
    result: summary?.service_account_number ? 'MATCH' : 'MISSING',
    differences: [],
  };
}

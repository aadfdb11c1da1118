import { createHash } from 'node:crypto';
import type { ImportedAccount, ImportStatus } from '../import-process.js';
import { formatMinorUnits } from '../transactions/amount.js';
import { TRANSACTION_TYPES } from '../transactions/transaction-types.js';

/** What the account's aggregates say (every shard added up, the id sets united). */
export interface AccountTotals {
  transactions: {
    count: number;
    byType: ReadonlyMap<string, { count: number; minor: number }>;
    ids: ReadonlySet<string>;
    dates: ReadonlySet<string>;
  };
  notes: { count: number };
  statements: { ids: ReadonlySet<string> };
  paymentInstruction?: { vendor: string; reference: string; type: string };
  /** What creation made of the account's payload, by kind (absent for an account created before it counted them). */
  created?: Readonly<Record<string, number>>;
}

export interface AccountSummary {
  import_supplier: string;
  external_account_number: string;
  service_account_number: string;
  status: ImportStatus;
  transactions: {
    count: number;
    amount_total: string;
    first_date: string | null;
    last_date: string | null;
    ids_sha256: string;
    by_type: Record<string, { count: number; amount_total: string }>;
  };
  notes: { count: number };
  statements: { count: number; ids_sha256: string };
  payment_instruction: { vendor: string; reference: string; type: string } | null;
  /** What creation made of the account's payload, by kind: users, meter points, readings, consents, … */
  created: Record<string, number>;
}

/**
 * Fingerprint of a set of ids: hex SHA-256 of the ids sorted in code-point order and joined
 * with `\n` (the empty set gives the SHA-256 of the empty string). A client recomputes it from
 * the ids it sent to compare without listing them.
 */
export function idsSha256(ids: Iterable<string>): string {
  const sorted = [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(sorted.join('\n'), 'utf8').digest('hex');
}

/**
 * The reconciliation summary of an imported account: counts, amount totals (every type and
 * overall, sums of the amounts as posted, two decimals), first and last transaction dates
 * (`null` when none), fingerprints of the transaction and statement ids, and the payment
 * instruction stored last (`null` when none). Every transaction type is listed, with zeros
 * when the account has none of it.
 */
export function accountSummary(account: ImportedAccount, totals: AccountTotals): AccountSummary {
  const { transactions } = totals;
  const byType: AccountSummary['transactions']['by_type'] = {};
  let totalMinor = 0;
  for (const type of TRANSACTION_TYPES) {
    const sum = transactions.byType.get(type) ?? { count: 0, minor: 0 };
    totalMinor += sum.minor;
    byType[type] = { count: sum.count, amount_total: formatMinorUnits(sum.minor) };
  }
  const dates = [...transactions.dates].sort();
  return {
    import_supplier: account.import_supplier,
    external_account_number: account.external_account_number,
    service_account_number: account.service_account_number,
    status: 'COMPLETED',
    transactions: {
      count: transactions.count,
      amount_total: formatMinorUnits(totalMinor),
      first_date: dates[0] ?? null,
      last_date: dates.at(-1) ?? null,
      ids_sha256: idsSha256(transactions.ids),
      by_type: byType,
    },
    notes: { count: totals.notes.count },
    statements: { count: totals.statements.ids.size, ids_sha256: idsSha256(totals.statements.ids) },
    payment_instruction: totals.paymentInstruction ?? null,
    created: { ...(totals.created ?? {}) },
  };
}

import { type Account, withoutNulls } from '../../functions/rules/account/account.js';
import { createdKindCounts } from '../../functions/rules/account/creation-events/created-kind-counts.js';
import { accountTransactions } from '../../functions/rules/account/statement-period.js';
import { idsSha256 } from '../../functions/rules/summary/account-summary.js';
import { formatMinorUnits, toMinorUnits } from '../../functions/rules/transactions/amount.js';
import type { components } from '../generated/openapi.js';
import type { LineAccount } from './input-file.js';

/** The account summary the API answers at `/v1/data-import/account-summary/<supplier>/<external>/`. */
export type AccountSummary = components['schemas']['AccountSummary'];

export interface Difference {
  field: string;
  expected: unknown;
  actual: unknown;
}

/** One line of `reconcile.ndjson`. */
export interface ReconcileLine {
  line: number;
  external_account_number: string | null;
  result: 'MATCH' | 'MISSING' | 'MISMATCH';
  differences: Difference[];
}

/**
 * What the summary of an account created from this line says: its transactions (count, amount
 * total, id fingerprint), notes, statements (count, id fingerprint), last payment instruction and,
 * by kind, what creation made of the rest (users, meter points, readings, consents, …).
 */
export function expectedSummary(line: LineAccount): Record<string, unknown> {
  const account = withoutNulls(line) as Account;
  const transactions = accountTransactions(account);
  const minor = transactions.reduce((sum, transaction) => {
    const amount = toMinorUnits(transaction.amount);
    return sum + (amount.ok ? amount.minor : 0);
  }, 0);
  const statementIds = new Set((account.statements ?? []).map((statement) => statement.statement_id));
  return {
    'transactions.count': transactions.length,
    'transactions.amount_total': formatMinorUnits(minor),
    'transactions.ids_sha256': idsSha256(transactions.map((transaction) => transaction.transaction_id)),
    'notes.count': (account.notes ?? []).length,
    'statements.count': statementIds.size,
    'statements.ids_sha256': idsSha256(statementIds),
    'payment_instruction.reference': account.payment_instructions?.at(-1)?.reference ?? null,
    ...Object.fromEntries(
      Object.entries(createdKindCounts(account)).map(([kind, n]) => [`created.${kind}`, n]),
    ),
  };
}

/** The same fields, as the summary answers them. */
function actualSummary(summary: AccountSummary): Record<string, unknown> {
  return {
    'transactions.count': summary.transactions.count,
    'transactions.amount_total': summary.transactions.amount_total,
    'transactions.ids_sha256': summary.transactions.ids_sha256,
    'notes.count': summary.notes.count,
    'statements.count': summary.statements.count,
    'statements.ids_sha256': summary.statements.ids_sha256,
    'payment_instruction.reference': summary.payment_instruction?.reference ?? null,
    ...Object.fromEntries(Object.entries(summary.created ?? {}).map(([kind, n]) => [`created.${kind}`, n])),
  };
}

/**
 * Compares a line's account with what the service holds for it (its summary; `undefined`: the
 * API does not know the account): `MISSING` when it is not imported, else `MATCH` when every
 * count, total and fingerprint of the summary equals what creating the line's account makes,
 * `MISMATCH` with each difference otherwise (items posted after creation through the post-import
 * endpoints show here too). Kinds the summary does not count (an account created before the
 * service counted them) are not compared.
 */
export function reconcileLine(
  line: number,
  account: LineAccount,
  summary: AccountSummary | undefined,
): ReconcileLine {
  const external_account_number = account.external_account_number;
  if (!summary?.service_account_number) {
    return { line, external_account_number, result: 'MISSING', differences: [] };
  }
  const expected = expectedSummary(account);
  const actual = actualSummary(summary);
  const differences = Object.entries(expected)
    .filter(([field]) => field in actual)
    .filter(([field, value]) => actual[field] !== value)
    .map(([field, value]) => ({ field, expected: value, actual: actual[field] }));
  return {
    line,
    external_account_number,
    result: differences.length > 0 ? 'MISMATCH' : 'MATCH',
    differences,
  };
}

import { createHash } from 'node:crypto';
import type { components } from '../generated/openapi.js';
import type { AccountBundle } from './bundle.js';

/** The account summary the API answers at `/v1/data-import/account-summary/<supplier>/<external>/`. */
export type AccountSummary = components['schemas']['AccountSummary'];

export interface Difference {
  field: string;
  expected: unknown;
  actual: unknown;
}

export interface ReconcileLine {
  line: number;
  external_account_number: string | null;
  result: 'MATCH' | 'MISSING' | 'MISMATCH';
  differences: Difference[];
}

/** Hex SHA-256 of the ids sorted in code-point order and joined with `\n`. */
export function idsSha256(ids: Iterable<string>): string {
  const sorted = [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(sorted.join('\n')).digest('hex');
}

/** A JSON number with at most two decimals as integer minor units, exactly (no float sums). */
export function minorUnits(amount: unknown): bigint {
  const text = typeof amount === 'number' ? amount.toFixed(2) : String(amount);
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an amount with at most 2 decimals: ${text}`);
  const units = BigInt(match[2] ?? '0') * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -units : units;
}

export function formatMinorUnits(units: bigint): string {
  const negative = units < 0n;
  const absolute = negative ? -units : units;
  return `${negative ? '-' : ''}${absolute / 100n}.${(absolute % 100n).toString().padStart(2, '0')}`;
}

/** What the summary should say after the bundle is imported (the parts a bundle determines). */
export function expectedSummary(bundle: AccountBundle) {
  const transactions = new Map<string, Record<string, unknown>>();
  for (const transaction of bundle.transactions ?? []) {
    const id = String(transaction.transaction_id);
    if (!transactions.has(id)) transactions.set(id, transaction);
  }
  let total = 0n;
  const byType = new Map<string, { count: number; units: bigint }>();
  for (const transaction of transactions.values()) {
    const units = minorUnits(transaction.amount);
    total += units;
    const type = String(transaction.type);
    const entry = byType.get(type) ?? { count: 0, units: 0n };
    byType.set(type, { count: entry.count + 1, units: entry.units + units });
  }
  const noteIdentities = new Set(
    (bundle.notes ?? []).map((note) =>
      note.external_id !== undefined
        ? `id:${String(note.external_id)}`
        : JSON.stringify([
            note.body ?? null,
            note.body === undefined ? (note.document_paths ?? null) : null,
            note.created_at ?? null,
          ]),
    ),
  );
  const statementIds = new Set((bundle.statements ?? []).map((statement) => String(statement.statement_id)));
  const payment = bundle.payment_instruction;
  return {
    transactions: {
      count: transactions.size,
      amount_total: formatMinorUnits(total),
      ids_sha256: idsSha256(transactions.keys()),
      by_type: Object.fromEntries(
        [...byType].map(([type, { count, units }]) => [
          type,
          { count, amount_total: formatMinorUnits(units) },
        ]),
      ),
    },
    notes: { count: noteIdentities.size },
    statements: { count: statementIds.size, ids_sha256: idsSha256(statementIds) },
    payment_instruction: payment
      ? { vendor: String(payment.vendor), reference: String(payment.reference), type: String(payment.type) }
      : null,
  };
}

/**
 * Compares a bundle with the account's summary (`undefined`: the API does not know the
 * account). Notes are compared as "at least": the service adds a pinned note of its own when
 * it moves transaction dates into the open statement period. Transaction dates are not
 * compared for the same reason (a moved date is stored as the period's first day).
 */
export function reconcileBundle(
  line: number,
  bundle: AccountBundle,
  summary: AccountSummary | undefined,
): ReconcileLine {
  const external = bundle.account.external_account_number;
  if (!summary?.service_account_number) {
    return { line, external_account_number: external, result: 'MISSING', differences: [] };
  }
  const expected = expectedSummary(bundle);
  const differences: Difference[] = [];
  const compare = (field: string, want: unknown, got: unknown) => {
    if (JSON.stringify(want) !== JSON.stringify(got))
      differences.push({ field, expected: want, actual: got });
  };
  compare('transactions.count', expected.transactions.count, summary.transactions.count);
  compare('transactions.amount_total', expected.transactions.amount_total, summary.transactions.amount_total);
  compare('transactions.ids_sha256', expected.transactions.ids_sha256, summary.transactions.ids_sha256);
  const types = new Set([
    ...Object.keys(expected.transactions.by_type),
    ...Object.keys(summary.transactions.by_type),
  ]);
  for (const type of [...types].sort()) {
    const want = expected.transactions.by_type[type] ?? { count: 0, amount_total: '0.00' };
    const got = summary.transactions.by_type[type] ?? { count: 0, amount_total: '0.00' };
    compare(`transactions.by_type.${type}.count`, want.count, got.count);
    compare(`transactions.by_type.${type}.amount_total`, want.amount_total, got.amount_total);
  }
  if (summary.notes.count < expected.notes.count) {
    differences.push({ field: 'notes.count', expected: expected.notes.count, actual: summary.notes.count });
  }
  compare('statements.count', expected.statements.count, summary.statements.count);
  compare('statements.ids_sha256', expected.statements.ids_sha256, summary.statements.ids_sha256);
  const payment = summary.payment_instruction;
  compare(
    'payment_instruction',
    expected.payment_instruction,
    payment ? { vendor: payment.vendor, reference: payment.reference, type: payment.type } : null,
  );
  return {
    line,
    external_account_number: external,
    result: differences.length === 0 ? 'MATCH' : 'MISMATCH',
    differences,
  };
}

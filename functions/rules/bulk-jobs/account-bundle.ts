import { createHash } from 'node:crypto';

/**
 * One line of an ETL input file (NDJSON): an account and what goes onto it once it is
 * imported. `payment_instruction` carries the payment fields without the account reference
 * (the loader adds `import_supplier` and `external_account_number`). The ETL CLI
 * (client/etl) and bulk jobs read lines with the same function, so a line means the same to both.
 */
export interface AccountBundle {
  account: Record<string, unknown> & { external_account_number: string; import_supplier?: string };
  transactions?: Record<string, unknown>[];
  notes?: Record<string, unknown>[];
  statements?: Record<string, unknown>[];
  payment_instruction?: Record<string, unknown>;
}

export interface InputLine {
  /** 1-based line number in the input file. */
  line: number;
  /** SHA-256 of the line's text: a journal entry counts only for the same text. */
  hash: string;
  bundle?: AccountBundle;
  /** Why the line is not a bundle, when it is not. */
  problem?: string;
  /** What the line says its account is, even when it is not a valid bundle. */
  externalAccountNumber: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function shapeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'the line is not a JSON object';
  if (!isObject(value.account)) return '"account" must be an object';
  if (typeof value.account.external_account_number !== 'string') {
    return '"account.external_account_number" must be a string';
  }
  for (const key of ['transactions', 'notes', 'statements'] as const) {
    if (value[key] !== undefined && !Array.isArray(value[key])) return `"${key}" must be an array`;
  }
  if (value.payment_instruction !== undefined && !isObject(value.payment_instruction)) {
    return '"payment_instruction" must be an object';
  }
  const unknown = Object.keys(value).filter(
    (key) => !['account', 'transactions', 'notes', 'statements', 'payment_instruction'].includes(key),
  );
  return unknown.length > 0 ? `unknown field "${unknown[0]}"` : undefined;
}

/** A line's text (without its line break and a trailing `\r`) read as a bundle. */
export function parseLine(text: string, line: number): InputLine {
  const hash = createHash('sha256').update(text).digest('hex');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { line, hash, problem: 'the line is not valid JSON', externalAccountNumber: null };
  }
  const external = isObject(value) && isObject(value.account) ? value.account.external_account_number : null;
  const problem = shapeProblem(value);
  return {
    line,
    hash,
    externalAccountNumber: typeof external === 'string' ? external : null,
    ...(problem ? { problem } : { bundle: value as AccountBundle }),
  };
}

/** A line of the file as the loaders see it: without a trailing `\r` (CRLF files). */
export const lineText = (raw: string) => raw.replace(/\r$/, '');

/** Blank lines (whitespace only) are not bundles: the loaders skip them, keeping the file's numbering. */
export const isBlankLine = (text: string) => text.trim() === '';

import { createHash } from 'node:crypto';

/**
 * One line of an ETL input file (NDJSON) and of a bulk job's file: one account, the platform's
 * published `EnergyAccount`, as the account routes take it (its notes, statements,
 * transactions and payment instructions inside it). The ETL CLI (client/etl) and bulk jobs read
 * lines with the same function, so a line means the same to both.
 */
export type LineAccount = Record<string, unknown> & { external_account_number: string };

/** The `code` of a line that is not an account (step `parse`). */
export const INVALID_LINE = 'invalid_line';

export interface InputLine {
  /** 1-based line number in the input file. */
  line: number;
  /** SHA-256 of the line's text: a journal entry counts only for the same text. */
  hash: string;
  account?: LineAccount;
  /** Why the line is not an account, when it is not. */
  problem?: string;
  /** What the line says its account is, even when it is not a valid line. */
  externalAccountNumber: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Why a parsed line is not an account. Only what the loaders need is checked here (the account
 * number they report and send); the account itself is judged by the routes.
 */
function shapeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'the line is not a JSON object: each line is one account (an EnergyAccount)';
  if (typeof value.external_account_number === 'string') return undefined;
  if (value.external_account_number === undefined && isObject(value.account)) {
    return (
      'the bundle wrapper {"account", "transactions", "notes", "statements", "payment_instruction"} ' +
      'is no longer accepted: put the account itself on the line, with its notes, statements, ' +
      'transactions and payment instructions inside it'
    );
  }
  return '"external_account_number" must be a string';
}

/** A line's text (without its line break and a trailing `\r`) read as an account. */
export function parseLine(text: string, line: number): InputLine {
  const hash = createHash('sha256').update(text).digest('hex');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { line, hash, problem: 'the line is not valid JSON', externalAccountNumber: null };
  }
  const external = isObject(value)
    ? (value.external_account_number ??
      (isObject(value.account) ? value.account.external_account_number : null))
    : null;
  const problem = shapeProblem(value);
  return {
    line,
    hash,
    externalAccountNumber: typeof external === 'string' ? external : null,
    ...(problem ? { problem } : { account: value as LineAccount }),
  };
}

/** A line of the file as the loaders see it: without a trailing `\r` (CRLF files). */
export const lineText = (raw: string) => raw.replace(/\r$/, '');

/** Blank lines (whitespace only) are not accounts: the loaders skip them, keeping the file's numbering. */
export const isBlankLine = (text: string) => text.trim() === '';

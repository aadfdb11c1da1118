import { externalAccountNumber } from '../../schemas/api/account-reference.js';
import { NotFoundError } from '../errors.js';

/** Status values of endpoint 5, exactly as the spec names them. */
export type ImportStatus = 'UNKNOWN' | 'IN_PROGRESS' | 'COMPLETED';

/**
 * An account import process (item `IMPORT#<supplier>#<external>` / `PROCESS`). Written by
 * the account lifecycle (staging, processing, expiry); read by every post-import endpoint.
 */
export interface ImportProcess {
  import_supplier: string;
  external_account_number: string;
  status: ImportStatus;
  /** `CANCELLED` when a staged process expired unprocessed; it then leaves every list. */
  lifecycle: 'STAGED' | 'CANCELLED' | 'IMPORTED';
  staged_at: string;
  updated_at: string;
  /** Set once the platform account exists. */
  service_account_number?: string;
  account_created_at?: string;
  /** The account's ledger number (events `billing.ledger.entry_posted`). */
  ledger_number?: string;
  /** First day (YYYY-MM-DD) of the account's open statement period; it is open-ended. */
  open_statement_period_start?: string;
  /** The account's ledger entry id counter as its last transactions write left it (a hint). */
  ledger_entry_id_hint?: number;
}

export interface ImportedAccount {
  import_supplier: string;
  external_account_number: string;
  service_account_number: string;
  ledger_number: string;
  open_statement_period_start: string;
  account_created_at: string;
  /** Where the account's ledger entry id counter is expected to be (`functions/store/ledger-entry-ids.ts`). */
  ledger_entry_id_hint?: number;
}

/** The detail of a 404 `account_not_found` for an account nothing imported or staged. */
export const NO_IMPORTED_ACCOUNT_DETAIL =
  'No imported account matches this import supplier and external account number.';

/** The route that creates a staged account (the next step the 404 of a staged account names). */
export const PROCESS_ROUTE = '/v1/data-import/account-import-process/process/';

/**
 * The detail of a 404 `account_not_found` for an account that is staged but not created: what
 * to do next (create it with `process/`, or wait for the creation already running).
 */
export function stagedNotCreatedDetail(status: ImportStatus): string {
  return status === 'IN_PROGRESS'
    ? `The account is staged but not created yet: its creation (POST ${PROCESS_ROUTE}) is still running. Retry once process/ has answered.`
    : `The account is staged but not created: create it with POST ${PROCESS_ROUTE}, then retry this request.`;
}

/** The post-import endpoints' rule: only an imported account (not merely staged) is found. */
export function requireImported(process: ImportProcess | undefined): ImportedAccount {
  if (
    process?.status !== 'COMPLETED' ||
    !process.service_account_number ||
    !process.ledger_number ||
    !process.open_statement_period_start ||
    !process.account_created_at
  ) {
    throw new NotFoundError(
      'account_not_found',
      process?.lifecycle === 'STAGED' ? stagedNotCreatedDetail(process.status) : NO_IMPORTED_ACCOUNT_DETAIL,
    );
  }
  return {
    import_supplier: process.import_supplier,
    external_account_number: process.external_account_number,
    service_account_number: process.service_account_number,
    ledger_number: process.ledger_number,
    open_statement_period_start: process.open_statement_period_start,
    account_created_at: process.account_created_at,
    ...(process.ledger_entry_id_hint !== undefined
      ? { ledger_entry_id_hint: process.ledger_entry_id_hint }
      : {}),
  };
}

/**
 * Whether a value can be an external account number at all (the payload schemas' bounds,
 * 1–255 characters, and not `.` or `..`, which staging refuses because a URL cannot carry them
 * as a path segment). Anything else names no import process, so nothing is looked up for it
 * (an empty or over-long key would make DynamoDB refuse the request: a 500, not a 404).
 */
export function isPossibleExternalAccountNumber(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= externalAccountNumber.minLength &&
    value.length <= externalAccountNumber.maxLength &&
    !isDotSegment(value)
  );
}

/** `.` and `..`: URL dot segments, removed from a path by every HTTP client and by API Gateway. */
function isDotSegment(value: string): boolean {
  return value === '.' || value === '..';
}

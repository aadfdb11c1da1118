import { randomBytes, randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportedAccount } from '../../../functions/rules/import-process.js';
import { documentClient, TABLE_NAME } from '../../../functions/store/dynamodb.js';
import { keys } from '../../../functions/store/keys.js';

/** A unique external account number per test (tests share one table). */
export function externalNumber(prefix = 'PI'): string {
  return `${prefix}-${randomUUID()}`;
}

export interface ImportedAccountOptions {
  supplier?: string;
  externalAccountNumber?: string;
  /** First day of the open statement period (default 2026-01-01). */
  openPeriodStart?: string;
  /** `next_ledger_entry_id` of the account item (default 1). */
  nextLedgerEntryId?: number;
}

/**
 * An imported account, written directly with the table's key builders: the import process
 * (COMPLETED, with service account number, ledger number and open statement period) and the
 * account item holding `next_ledger_entry_id`, as the account lifecycle leaves them.
 */
export async function createImportedAccount(options: ImportedAccountOptions = {}): Promise<ImportedAccount> {
  const supplier = options.supplier ?? 'ACME';
  const external = options.externalAccountNumber ?? externalNumber();
  const san = `A-${randomBytes(4).toString('hex').toUpperCase()}`;
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const account: ImportedAccount = {
    import_supplier: supplier,
    external_account_number: external,
    service_account_number: san,
    ledger_number: `L-${randomBytes(4).toString('hex').toUpperCase()}`,
    open_statement_period_start: options.openPeriodStart ?? '2026-01-01',
    account_created_at: now,
  };
  await documentClient.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...keys.importProcess(supplier, external),
        entity: 'ImportProcess',
        ...account,
        status: 'COMPLETED',
        lifecycle: 'IMPORTED',
        staged_at: now,
        updated_at: now,
      },
    }),
  );
  await documentClient.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...keys.account(san),
        entity: 'Account',
        account_number: san,
        ledger_number: account.ledger_number,
        import_supplier: supplier,
        external_account_number: external,
        created_at: now,
        next_ledger_entry_id: options.nextLedgerEntryId ?? 1,
      },
    }),
  );
  return account;
}

/** A process that is staged only (not imported): post-import endpoints answer 404. */
export async function createStagedOnlyAccount(supplier = 'ACME'): Promise<string> {
  const external = externalNumber('STAGED');
  const now = new Date().toISOString();
  await documentClient.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...keys.importProcess(supplier, external),
        entity: 'ImportProcess',
        import_supplier: supplier,
        external_account_number: external,
        status: 'UNKNOWN',
        lifecycle: 'STAGED',
        staged_at: now,
        updated_at: now,
      },
    }),
  );
  return external;
}

import { emit } from '../../events/emit.js';
import { billingLedgerEntryPostedV2 } from '../../events/generated/emitted-validators.js';
import type { EventDetail } from '../../events/outbox.js';
import type { ImportedAccount } from '../import-process.js';
import { ledgerFlags, type TransactionType } from './transaction-types.js';

/** `billing.ledger.entry_posted` v2 for a transaction added to the account's ledger. */
export function ledgerEntryPosted(
  account: ImportedAccount,
  entryId: number,
  type: TransactionType,
): EventDetail {
  return emit(billingLedgerEntryPostedV2, {
    ledger: { account: { number: account.service_account_number }, number: account.ledger_number },
    entry: { id: entryId, ...ledgerFlags(type) },
  });
}

import { emit } from '../../../events/emit.js';
import {
  collectionProceedingCreatedV1,
  depositAgreementAcceptedV1,
} from '../../../events/generated/emitted-validators.js';
import { type Item, list, text } from '../../energy-account/payload-rule.js';
import type { Account } from '../account.js';
import { ledgerNumberOf } from '../account-number.js';
import { minorUnitsOf, type PendingEvent } from './creation-context.js';

/**
 * Money owed and held: `collection_proceeding.created` per debt placed with an agency, and
 * `deposit_agreement.accepted` per deposit agreement.
 */

/** A debt's amount: the sum of its aged debt in pence (absent when it lists none). */
function debtMinorUnits(debt: Item): number | undefined {
  const aged = list(debt, 'aged_debt');
  if (aged.length === 0) return undefined;
  return aged.reduce((sum, item) => sum + (minorUnitsOf(text(item, 'debt_amount')) ?? 0), 0);
}

export function collectionProceedingEvents(
  agencyDebts: readonly Item[],
  proceedingIds: readonly number[],
  accountNumber: string,
): PendingEvent[] {
  return agencyDebts.map((debt, index) => {
    const id = proceedingIds[index];
    if (id === undefined) throw new Error('Every collection proceeding needs an id');
    const amount = debtMinorUnits(debt);
    const campaign = text(debt, 'campaign');
    const payload = {
      id,
      account_number: accountNumber,
      ...(amount !== undefined ? { amount } : {}),
      ...(campaign !== undefined ? { campaign } : {}),
      is_white_label: false,
      agency_code: text(debt, 'agency_name') ?? '',
    };
    return (stamp) => emit(collectionProceedingCreatedV1, payload, stamp);
  });
}

/** A deposit agreement's key: `DEP-` + the account number's 8 characters + `-` + its position from 1. */
export function depositKey(accountNumber: string, position: number): string {
  return `DEP-${accountNumber.replace(/^A-/, '')}-${position}`;
}

export function depositAgreementEvents(
  account: Account,
  accountNumber: string,
  createdAt: string,
): PendingEvent[] {
  return list(account as Item, 'deposit_agreements').map((deposit, index) => {
    const payload = {
      deposit_key: depositKey(accountNumber, index + 1),
      reason: text(deposit, 'reason') ?? '',
      amount: minorUnitsOf(text(deposit, 'deposit_amount')) ?? 0,
      account_number: accountNumber,
      ledger_identifier: ledgerNumberOf(accountNumber),
      accepted_at: text(deposit, 'accepted_at') ?? createdAt,
    };
    return (stamp) => emit(depositAgreementAcceptedV1, payload, stamp);
  });
}

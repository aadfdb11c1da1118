import { emit } from '../../../events/emit.js';
import { agreementCreatedV1 } from '../../../events/generated/emitted-validators.js';
import { type Item, text } from '../../energy-account/payload-rule.js';
import type { PendingEvent } from './creation-context.js';

/**
 * `agreement.created` per agreement of every meter point: `valid_from` is the agreement's
 * `effective_from` (a date, as sent), `product_code` its `tariff_code`, and
 * `business_contract_identifier` rides along when sent.
 */
export function agreementEvents(
  agreements: readonly Item[],
  agreementIds: readonly number[],
  accountNumber: string,
): PendingEvent[] {
  return agreements.map((agreement, index) => {
    const id = agreementIds[index];
    if (id === undefined) throw new Error('Every agreement needs an id');
    const contract = text(agreement, 'business_contract_identifier');
    const payload = {
      agreement_id: id,
      account_number: accountNumber,
      valid_from: text(agreement, 'effective_from') ?? '',
      product_code: text(agreement, 'tariff_code') ?? '',
      ...(contract !== undefined ? { business_contract_identifier: contract } : {}),
    };
    return (stamp) => emit(agreementCreatedV1, payload, stamp);
  });
}

import { emit } from '../../../events/emit.js';
import {
  accountMetadataCreatedV1,
  businessCreatedV1,
  campaignAccountAddedV1,
} from '../../../events/generated/emitted-validators.js';
import { type Item, list, text } from '../../energy-account/payload-rule.js';
import type { Account } from '../account.js';
import { metadataText, type PendingEvent } from './creation-context.js';

/**
 * The account's own details: `business.created` when the payload holds business details,
 * `account_metadata.created` per account metadata item, `campaign_account.added` per campaign.
 */

export function businessEvents(businessId: number | undefined): PendingEvent[] {
  if (businessId === undefined) return [];
  return [(stamp) => emit(businessCreatedV1, { id: businessId }, stamp)];
}

export function accountMetadataEvents(account: Account, accountNumber: string): PendingEvent[] {
  return list(account as Item, 'metadata').map((item) => {
    const payload = {
      account_number: accountNumber,
      key: text(item, 'key') ?? '',
      value: metadataText(item.value),
    };
    return (stamp) => emit(accountMetadataCreatedV1, payload, stamp);
  });
}

/**
 * A campaign is named by `campaign_name` or by `slug` (every campaign of an account the same way);
 * the catalogue requires a name, so a campaign sent by slug only is named by its slug.
 */
export function campaignEvents(account: Account, accountNumber: string): PendingEvent[] {
  return list(account as Item, 'account_campaigns').map((campaign) => {
    const slug = text(campaign, 'slug');
    const expiry = text(campaign, 'expiry_date');
    const payload = {
      account_number: accountNumber,
      campaign_name: text(campaign, 'campaign_name') ?? slug ?? '',
      ...(slug !== undefined ? { campaign_slug: slug } : {}),
      ...(expiry !== undefined ? { campaign_account_expiry_date: expiry } : {}),
    };
    return (stamp) => emit(campaignAccountAddedV1, payload, stamp);
  });
}

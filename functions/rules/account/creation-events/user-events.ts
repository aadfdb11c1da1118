import { emit } from '../../../events/emit.js';
import {
  accountUserCreatedV1,
  accountUserMetadataCreatedV1,
  accountUserPsrRecordsUpdatedV1,
} from '../../../events/generated/emitted-validators.js';
import { type Item, list, text } from '../../energy-account/payload-rule.js';
import type { PendingEvent } from './creation-context.js';
import { metadataText } from './creation-context.js';
import { userNumber } from './id-block.js';

/**
 * The events of the account's users (one per `customers` item): `account_user.created` per user,
 * `account_user.psr_records_updated` per user with priority services register records, and
 * `account_user_metadata.created` per user metadata item.
 */

/** `user_identifiers`: the user's `user_details`, namespace → value (absent when none). */
function userIdentifiers(customer: Item): Record<string, unknown> | undefined {
  const details = list(customer, 'user_details').flatMap((detail) => {
    const namespace = text(detail, 'namespace');
    return namespace === undefined ? [] : [[namespace, detail.value] as const];
  });
  return details.length > 0 ? Object.fromEntries(details) : undefined;
}

function userCreated(customer: Item, userId: number, accountNumber: string): PendingEvent {
  const roles = Array.isArray(customer.account_roles) ? customer.account_roles : [];
  const identifiers = userIdentifiers(customer);
  const payload = {
    user_id: userId,
    user_email: text(customer, 'email') ?? '',
    user_number: userNumber(userId),
    linked_accounts: [{ account_number: accountNumber, roles }],
    ...(identifiers ? { user_identifiers: identifiers } : {}),
    initiator_type: 'DATA_IMPORT',
    is_customer_initiated: false,
  };
  return (stamp) => emit(accountUserCreatedV1, payload, stamp);
}

function psrRecordsCreated(customer: Item, userId: number): PendingEvent[] {
  const records = list(customer, 'psr').map((record) => ({
    description: text(record, 'description') ?? '',
    electricity_industry_code: text(record, 'elec_industry_code') ?? '',
    gas_industry_code: text(record, 'gas_industry_code') ?? '',
  }));
  if (records.length === 0) return [];
  const payload = { user_id: userId, created_records: records, updated_records: [], deleted_records: [] };
  return [(stamp) => emit(accountUserPsrRecordsUpdatedV1, payload, stamp)];
}

function userMetadataCreated(customer: Item, userId: number): PendingEvent[] {
  return list(customer, 'metadata').map((item) => {
    const payload = { user_id: userId, key: text(item, 'key') ?? '', value: metadataText(item.value) };
    return (stamp) => emit(accountUserMetadataCreatedV1, payload, stamp);
  });
}

/** Per user, in `customers` order: created, then its PSR records, then its metadata. */
export function userEvents(customers: readonly Item[], userIds: readonly number[], accountNumber: string) {
  return customers.flatMap((customer, index) => {
    const userId = userIds[index];
    if (userId === undefined) throw new Error('Every user needs an id');
    return [
      userCreated(customer, userId, accountNumber),
      ...psrRecordsCreated(customer, userId),
      ...userMetadataCreated(customer, userId),
    ];
  });
}

import { emit } from '../../../events/emit.js';
import { nameBasedEventId } from '../../../events/event-ids.js';
import {
  accountCreatedV1,
  dataImportImportProcessCompleteV1,
} from '../../../events/generated/emitted-validators.js';
import type { EventDetail } from '../../../events/outbox.js';
import { type Account, accountUserEmails } from '../account.js';
import { accountMetadataEvents, businessEvents, campaignEvents } from './account-detail-events.js';
import { agreementEvents } from './agreement-events.js';
import { consentEvents } from './consent-events.js';
import { type CreationContext, eventTime, type PendingEvent } from './creation-context.js';
import { agencyDebtsOf, agreementsOf, consentsOf, customersOf } from './creation-items.js';
import { collectionProceedingEvents, depositAgreementEvents } from './debt-events.js';
import { creationIds } from './id-block.js';
import { userEvents } from './user-events.js';

export { type CreatedKindCounts, createdKindCounts } from './created-kind-counts.js';
export type { CreationContext } from './creation-context.js';
export { creationIdCount, userIds, userNumber } from './id-block.js';

/**
 * Every event creating an account emits, in this order:
 *
 *   `account.created`;
 *   per user (`customers` order): `account_user.created`, then `account_user.psr_records_updated`
 *     when the user has PSR records, then `account_user_metadata.created` per metadata item;
 *   `business.created` (business details only); `account_metadata.created` per item;
 *   `consents.consent.created` (the account's, then each user's); `agreement.created`;
 *   `campaign_account.added`; `collection_proceeding.created` (debts with an agency);
 *   `deposit_agreement.accepted`;
 *   `data_import.import_process.complete`, last.
 *
 * Deterministic: the same account, context and `firstId` always give the same events in the same
 * order, ids included. Each event occurs at `createdAt`, and its `event_id` is derived from the
 * account's identity and the event's position, so a creation re-driven after a crash writes the
 * events it would have written, under the same ids. Integer ids come from the account's block
 * (./id-block.ts). Each payload is validated against its catalogue schema (`emit`).
 */
export function accountCreationEvents(account: Account, context: CreationContext): EventDetail[] {
  const accountNumber = context.serviceAccountNumber;
  const createdAt = eventTime(context.createdAt);
  const ids = creationIds(account, context.firstId);
  const pending: PendingEvent[] = [
    (stamp) =>
      emit(
        accountCreatedV1,
        { account_number: accountNumber, account_user_emails: accountUserEmails(account), is_imported: true },
        stamp,
      ),
    ...userEvents(customersOf(account), ids.users, accountNumber),
    ...businessEvents(ids.business),
    ...accountMetadataEvents(account, accountNumber),
    ...consentEvents({
      consents: consentsOf(account),
      consentIds: ids.consents,
      userIds: ids.users,
      accountNumber,
      createdAt,
    }),
    ...agreementEvents(agreementsOf(account), ids.agreements, accountNumber),
    ...campaignEvents(account, accountNumber),
    ...collectionProceedingEvents(agencyDebtsOf(account), ids.collectionProceedings, accountNumber),
    ...depositAgreementEvents(account, accountNumber, createdAt),
    (stamp) =>
      emit(
        dataImportImportProcessCompleteV1,
        {
          resource_type: 'ACCOUNT',
          external_identifier: context.externalAccountNumber,
          identifier: accountNumber,
        },
        stamp,
      ),
  ];
  const name = ['account-creation', context.importSupplier, context.externalAccountNumber, accountNumber];
  return pending.map((build, position) =>
    build({ occurredAt: context.createdAt, eventId: nameBasedEventId([...name, position].join('\n')) }),
  );
}

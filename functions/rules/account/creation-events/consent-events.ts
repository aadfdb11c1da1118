import { emit } from '../../../events/emit.js';
import { consentsConsentCreatedV1 } from '../../../events/generated/emitted-validators.js';
import { text } from '../../energy-account/payload-rule.js';
import type { PendingEvent } from './creation-context.js';
import type { ConsentSigner, SignedConsent } from './creation-items.js';
import { userNumber } from './id-block.js';

/**
 * `consents.consent.created` per consent: the account's own (signed by the account: identity type
 * `ACCOUNT`, identity the service account number) and each user's (signed by the user: identity
 * type `ACCOUNT_USER`, identity the user number). A consent sent without `signed_at` is dated
 * at the creation.
 */

function signingIdentity(signer: ConsentSigner, accountNumber: string, userIds: readonly number[]) {
  if (signer.kind === 'account') return { identity_type: 'ACCOUNT', identity: accountNumber };
  const userId = userIds[signer.userIndex];
  if (userId === undefined) throw new Error('A user consent needs the user id');
  return { identity_type: 'ACCOUNT_USER', identity: userNumber(userId) };
}

export interface ConsentEventsInput {
  consents: readonly SignedConsent[];
  consentIds: readonly number[];
  userIds: readonly number[];
  accountNumber: string;
  /** `signed_at` of a consent that does not say (the creation time). */
  createdAt: string;
}

export function consentEvents(input: ConsentEventsInput): PendingEvent[] {
  return input.consents.map(({ consent, signer }, index) => {
    const id = input.consentIds[index];
    if (id === undefined) throw new Error('Every consent needs an id');
    const payload = {
      signing_identity: signingIdentity(signer, input.accountNumber, input.userIds),
      consent: {
        id,
        consent_type_code: text(consent, 'type') ?? '',
        value: text(consent, 'value') ?? '',
        signed_at: text(consent, 'signed_at') ?? input.createdAt,
      },
    };
    return (stamp) => emit(consentsConsentCreatedV1, payload, stamp);
  });
}

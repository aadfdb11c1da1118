import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../functions/events/outbox.js';
import { validateEvent } from '../../functions/events/validate-event.js';
import {
  accountCreationEvents,
  creationIdCount,
  userIds,
  userNumber,
} from '../../functions/rules/account/creation-events/index.js';
import { creationContext, fullAccount, minimalAccount, ofType } from './support/creation.js';

/** Every service-allocated integer id the events carry, one per entity (users, business, …). */
function allocatedIds(events: readonly EventDetail[]): number[] {
  return [
    ...ofType(events, 'account_user.created').map((payload) => payload.user_id),
    ...ofType(events, 'business.created').map((payload) => payload.id),
    ...ofType(events, 'consents.consent.created').map((payload) => (payload.consent as { id: number }).id),
    ...ofType(events, 'agreement.created').map((payload) => payload.agreement_id),
    ...ofType(events, 'collection_proceeding.created').map((payload) => payload.id),
  ] as number[];
}

describe('Creation is deterministic: the same account, number and firstId give the same events in the same order', () => {
  it('two builds of the same account and context are equal, event ids and times included', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const first = accountCreationEvents(account, creationContext(account));
    const second = accountCreationEvents(structuredClone(account), creationContext(account));
    // Assess
    expect(second).toEqual(first);
    expect(first.length).toBe(21);
  });

  it('every event has its own UUID, and another account number gives other ids', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const events = accountCreationEvents(account, creationContext(account));
    const other = accountCreationEvents(
      account,
      creationContext(account, { serviceAccountNumber: 'A-00C0FFEF' }),
    );
    // Assess
    const ids = events.map((event) => event.event_id);
    expect(new Set(ids).size).toBe(events.length);
    expect(
      ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)),
    ).toBe(true);
    expect(other.map((event) => event.event_id).filter((id) => ids.includes(id))).toEqual([]);
  });

  it('every event occurs at the creation time, in UTC without fractions', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const events = accountCreationEvents(account, creationContext(account));
    // Assess
    expect(new Set(events.map((event) => event.occurred_at))).toEqual(new Set(['2026-11-28T10:15:30Z']));
  });
});

describe('Integer ids come from one block per account: unique, within [firstId, firstId + creationIdCount)', () => {
  it('the ids the events carry are exactly the block, each given once', () => {
    // Prepare
    const account = fullAccount();
    const count = creationIdCount(account);
    // Act
    const ids = allocatedIds(accountCreationEvents(account, creationContext(account, { firstId: 41 })));
    // Assess
    expect(count).toBe(2 + 1 + 2 + 3 + 2);
    expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, index) => 41 + index));
  });

  it('ids are given in the documented order: users, business, consents, agreements, collection proceedings', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const ids = allocatedIds(accountCreationEvents(account, creationContext(account, { firstId: 1 })));
    // Assess
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('userIds gives customers[i] the id its account_user.created carries, and its events use it', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const ids = userIds(account, 500);
    const events = accountCreationEvents(account, creationContext(account, { firstId: 500 }));
    // Assess
    expect(ids).toEqual([500, 501]);
    expect(ofType(events, 'account_user.created').map((payload) => payload.user_id)).toEqual(ids);
    expect(ofType(events, 'account_user.psr_records_updated').map((payload) => payload.user_id)).toEqual(ids);
    expect(ofType(events, 'account_user_metadata.created').map((payload) => payload.user_id)).toEqual([
      500, 500, 501,
    ]);
  });

  it('a user number is U- and the id in upper-case hexadecimal, at least 8 digits', () => {
    expect([userNumber(1), userNumber(0xabcdef12), userNumber(0x1_0000_0000)]).toEqual([
      'U-00000001',
      'U-ABCDEF12',
      'U-100000000',
    ]);
  });

  it('an account with nothing to number needs no ids', () => {
    expect(creationIdCount(minimalAccount())).toBe(0);
    expect(userIds(minimalAccount(), 7)).toEqual([]);
  });

  it('a firstId that is not a positive safe integer is refused', () => {
    // Prepare
    const account = fullAccount();
    // Act / Assess
    for (const firstId of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER]) {
      expect(() => accountCreationEvents(account, creationContext(account, { firstId }))).toThrow(RangeError);
    }
  });
});

describe('Every event of an account holding every kind is valid against the catalogue', () => {
  it('the full account’s 21 events pass validateEvent, in the documented order', () => {
    // Prepare
    const account = fullAccount();
    // Act
    const events = accountCreationEvents(account, creationContext(account));
    // Assess
    expect(events.filter((event) => !validateEvent(event).valid)).toEqual([]);
    expect(events.map((event) => event.event_type)).toEqual([
      'account.created',
      'account_user.created',
      'account_user.psr_records_updated',
      'account_user_metadata.created',
      'account_user_metadata.created',
      'account_user.created',
      'account_user.psr_records_updated',
      'account_user_metadata.created',
      'business.created',
      'account_metadata.created',
      'account_metadata.created',
      'consents.consent.created',
      'consents.consent.created',
      'agreement.created',
      'agreement.created',
      'agreement.created',
      'campaign_account.added',
      'collection_proceeding.created',
      'collection_proceeding.created',
      'deposit_agreement.accepted',
      'data_import.import_process.complete',
    ]);
  });
});

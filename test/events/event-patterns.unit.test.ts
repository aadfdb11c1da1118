import { describe, expect, it } from 'vitest';
import { emit } from '../../functions/events/emit.js';
import { accountCreatedV1 } from '../../functions/events/generated/emitted-validators.js';
import { detailTypeOf, EVENT_SOURCE, type EventDetail } from '../../functions/events/outbox.js';
import { eventPatterns } from '../../functions/events/validate-event.js';
import { matchesEventPattern } from '../../infra/local/event-pattern.js';

/** The rule patterns documented for subscribers, run through the local EventBridge matcher. */

const envelopeOf = (detail: EventDetail, source = EVENT_SOURCE) => ({
  version: '0',
  id: detail.event_id,
  'detail-type': detailTypeOf(detail),
  source,
  account: '000000000000',
  time: detail.occurred_at,
  region: 'eu-west-1',
  resources: [],
  detail,
});

const detailOf = (event_type: string, version: string): EventDetail => ({
  event_type,
  version,
  event_id: 'e-1',
  occurred_at: '2024-05-01T10:00:00Z',
  payload: {},
});

const accountCreated = envelopeOf(
  emit(accountCreatedV1, { account_number: 'A-1', account_user_emails: [], is_imported: true }),
);
const entryPostedV1 = envelopeOf(detailOf('billing.ledger.entry_posted', 'v1'));
const entryPostedV2 = envelopeOf(detailOf('billing.ledger.entry_posted', 'v2'));
const entryRemovedV2 = envelopeOf(detailOf('billing.ledger.entry_removed', 'v2'));

describe('A subscriber matches one payload version by detail-type <event type>@<payload version>', () => {
  it('is the documented pattern', () => {
    expect(eventPatterns.oneVersion('account.created', 'v1')).toEqual({
      source: ['data-import'],
      'detail-type': ['account.created@v1'],
    });
  });

  it('matches that version only', () => {
    // Prepare
    const pattern = eventPatterns.oneVersion('billing.ledger.entry_posted', 'v2');
    // Act / Assess
    expect(matchesEventPattern(eventPatterns.oneVersion('account.created', 'v1'), accountCreated)).toBe(true);
    expect(matchesEventPattern(pattern, entryPostedV2)).toBe(true);
    expect(matchesEventPattern(pattern, entryPostedV1)).toBe(false);
    expect(matchesEventPattern(pattern, entryRemovedV2)).toBe(false);
    expect(matchesEventPattern(pattern, { ...entryPostedV2, source: 'another-service' })).toBe(false);
  });
});

describe('A subscriber matches every payload version of a type by detail.event_type', () => {
  it('is the documented pattern', () => {
    expect(eventPatterns.allVersions('account.created')).toEqual({
      source: ['data-import'],
      detail: { event_type: ['account.created'] },
    });
  });

  it('matches every version of that type and nothing else', () => {
    // Prepare
    const pattern = eventPatterns.allVersions('billing.ledger.entry_posted');
    // Act / Assess
    expect(matchesEventPattern(eventPatterns.allVersions('account.created'), accountCreated)).toBe(true);
    expect(matchesEventPattern(pattern, entryPostedV1)).toBe(true);
    expect(matchesEventPattern(pattern, entryPostedV2)).toBe(true);
    expect(matchesEventPattern(pattern, entryRemovedV2)).toBe(false);
    expect(matchesEventPattern(pattern, accountCreated)).toBe(false);
  });

  it('does not confuse a type with another type that starts with it', () => {
    const changed = envelopeOf(
      detailOf('aus.industry.electricity.register.network_tariff_code.changed', 'v1'),
    );
    const changedV2 = envelopeOf(
      detailOf('aus.industry.electricity.register.network_tariff_code.changed.v2', 'v1'),
    );
    const pattern = eventPatterns.allVersions(
      'aus.industry.electricity.register.network_tariff_code.changed',
    );
    expect(matchesEventPattern(pattern, changed)).toBe(true);
    expect(matchesEventPattern(pattern, changedV2)).toBe(false);
  });
});

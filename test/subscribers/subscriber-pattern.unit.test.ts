import { describe, expect, it } from 'vitest';
import { matchesEventPattern, validateEventPattern } from '../../infra/local/event-pattern.js';
import { subscriberEventPattern } from '../../infra/subscribers/subscriber-pattern.js';
import { envelopeOf, everyCatalogueEnvelope, wanted } from './support/envelopes.js';

const selections: [string, string[] | undefined][] = [
  ['every event (no list)', undefined],
  ['one type, every version', ['billing.ledger.entry_posted']],
  ['one type at one version', ['billing.ledger.entry_posted@v2']],
  ['two pinned versions', ['account.created@v1', 'billing.ledger.entry_posted@v2']],
  [
    'mixed: a whole type and a pinned version of another',
    ['account.created', 'billing.ledger.entry_posted@v2'],
  ],
  [
    'mixed, overlapping: a whole type and a pinned version of the same type',
    ['account.created', 'account.created@v1'],
  ],
];

describe('Rule: a subscriber receives exactly the events its list names, through the local matcher', () => {
  it.each(selections)('%s: the pattern matches the wanted catalogue events and no other', (_, events) => {
    // Prepare
    const envelopes = everyCatalogueEnvelope();
    const pattern = subscriberEventPattern(events);

    // Act
    const matched = envelopes.filter((envelope) => matchesEventPattern(pattern, envelope));

    // Assess
    validateEventPattern(pattern);
    expect(matched.map((e) => e['detail-type'])).toEqual(
      envelopes.filter((envelope) => wanted(events, envelope)).map((e) => e['detail-type']),
    );
    expect(matched.length).toBeGreaterThan(0);
  });

  it.each(selections)('%s: an event of another source never matches', (_, events) => {
    // Prepare
    const foreign = envelopeOf('account.created', 'v1', { source: 'lifecycle' });

    // Act
    const matched = matchesEventPattern(subscriberEventPattern(events), foreign);

    // Assess
    expect(matched).toBe(false);
  });
});

describe('Rule: a pinned version matches on detail-type, every version on detail.event_type, both with $or', () => {
  it('builds the documented pattern shapes', () => {
    // Act
    const all = subscriberEventPattern(undefined);
    const pinned = subscriberEventPattern(['billing.ledger.entry_posted@v2']);
    const whole = subscriberEventPattern(['account.created']);
    const mixed = subscriberEventPattern(['account.created', 'billing.ledger.entry_posted@v2']);

    // Assess
    expect(all).toEqual({ source: ['data-import'] });
    expect(pinned).toEqual({ source: ['data-import'], 'detail-type': ['billing.ledger.entry_posted@v2'] });
    expect(whole).toEqual({ source: ['data-import'], detail: { event_type: ['account.created'] } });
    expect(mixed).toEqual({
      source: ['data-import'],
      $or: [
        { 'detail-type': ['billing.ledger.entry_posted@v2'] },
        { detail: { event_type: ['account.created'] } },
      ],
    });
  });
});

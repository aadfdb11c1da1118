import { describe, expect, it } from 'vitest';
import { emit } from '../../functions/events/emit.js';
import { nameBasedEventId } from '../../functions/events/event-ids.js';
import { businessCreatedV1 } from '../../functions/events/generated/emitted-validators.js';

describe('A derived event id is a name-based UUID: the same name always gives the same id', () => {
  it('is a version 5 UUID of the RFC variant, equal for equal names and different for different ones', () => {
    // Act
    const first = nameBasedEventId('account-creation\nACME\nE-1\nA-00C0FFEE\n0');
    const again = nameBasedEventId('account-creation\nACME\nE-1\nA-00C0FFEE\n0');
    const next = nameBasedEventId('account-creation\nACME\nE-1\nA-00C0FFEE\n1');
    // Assess
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(again).toBe(first);
    expect(next).not.toBe(first);
  });
});

describe('emit stamps an event with the time and id it is given, or now and a fresh UUID', () => {
  it('a stamp sets occurred_at (without fractions) and event_id', () => {
    // Act
    const detail = emit(
      businessCreatedV1,
      { id: 7 },
      { occurredAt: new Date('2026-01-02T03:04:05.678Z'), eventId: '11111111-2222-5333-8444-555555555555' },
    );
    // Assess
    expect(detail).toEqual({
      event_type: 'business.created',
      version: 'v1',
      event_id: '11111111-2222-5333-8444-555555555555',
      occurred_at: '2026-01-02T03:04:05Z',
      payload: { id: 7 },
    });
  });

  it('without a stamp, two events of the same payload get different ids', () => {
    expect(emit(businessCreatedV1, { id: 7 }).event_id).not.toBe(emit(businessCreatedV1, { id: 7 }).event_id);
  });
});

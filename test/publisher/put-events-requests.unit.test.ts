import { readFileSync } from 'node:fs';
import type { PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { describe, expect, it } from 'vitest';
import { detailTypeOf, EVENT_SOURCE, type EventDetail } from '../../functions/events/outbox.js';
import {
  EntryTooLargeError,
  PUT_EVENTS_MAX_BYTES,
  PUT_EVENTS_MAX_ENTRIES,
  putEventsEntrySize,
  putEventsRequests,
} from '../../functions/events/put-events-requests.js';
import * as importProcessEvents from '../../functions/rules/account/import-process-events.js';
import { MAX_CUSTOMERS } from '../../functions/rules/account/validate-account.js';

/** An entry as the publisher builds it (bus name aside, which EventBridge does not count). */
const entryOf = (detail: EventDetail): PutEventsRequestEntry => ({
  Source: EVENT_SOURCE,
  DetailType: detailTypeOf(detail),
  Detail: JSON.stringify(detail),
  Time: new Date(detail.occurred_at),
});

/** An entry whose documented size is exactly `bytes`. */
const entryOfSize = (bytes: number): PutEventsRequestEntry => ({
  Source: 's',
  DetailType: 'd',
  Detail: 'x'.repeat(bytes - 2),
});

describe('Rule: an entry counts as AWS documents it (Time 14 bytes, UTF-8 bytes of Source, DetailType, Detail, Resources)', () => {
  it('adds 14 for Time and the UTF-8 byte length of every text, multi-byte characters included', () => {
    // Prepare
    const entry: PutEventsRequestEntry = {
      EventBusName: 'not-counted',
      Time: new Date(),
      Source: 'data-import', // 11
      DetailType: 'a@v1', // 4
      Detail: '{"é":"€"}', // 2+2+3+3 = 12 bytes (é is 2, € is 3)
      Resources: ['arn:1', 'ü'], // 5 + 2
    };

    // Act
    const size = putEventsEntrySize(entry);

    // Assess
    expect(size).toBe(14 + 11 + 4 + 12 + 7);
  });
});

describe('Rule: PutEvents requests are cut by count (at most 10) and by size (at most 256 KB), in order', () => {
  it('cuts 23 small entries into requests of 10, 10 and 3', () => {
    // Act
    const requests = putEventsRequests(
      Array.from({ length: 23 }, (_, i) => i),
      () => entryOfSize(100),
    );

    // Assess
    expect(requests.map((r) => r.length)).toEqual([10, 10, 3]);
    expect(requests.flat()).toEqual(Array.from({ length: 23 }, (_, i) => i));
  });

  it('starts a new request when the next entry would take the request over 256 KB', () => {
    // Prepare: 100 KB each: two fit (200 KB), a third would not (300 KB)
    const sizes = [100_000, 100_000, 100_000, 100_000, 50_000];

    // Act
    const requests = putEventsRequests(sizes, entryOfSize);

    // Assess
    expect(requests).toEqual([
      [100_000, 100_000],
      [100_000, 100_000, 50_000],
    ]);
    for (const request of requests) {
      const bytes = request.reduce((sum, size) => sum + putEventsEntrySize(entryOfSize(size)), 0);
      expect(bytes).toBeLessThanOrEqual(PUT_EVENTS_MAX_BYTES);
      expect(request.length).toBeLessThanOrEqual(PUT_EVENTS_MAX_ENTRIES);
    }
  });

  it('puts an entry of exactly 256 KB in a request of its own', () => {
    // Act
    const requests = putEventsRequests([10, PUT_EVENTS_MAX_BYTES, 10], entryOfSize);

    // Assess
    expect(requests).toEqual([[10], [PUT_EVENTS_MAX_BYTES], [10]]);
  });

  it('refuses an entry that alone exceeds 256 KB (no request can carry it)', () => {
    // Act + Assess
    expect(() => putEventsRequests([10, PUT_EVENTS_MAX_BYTES + 1], entryOfSize)).toThrow(EntryTooLargeError);
  });
});

describe('Rule: no event the service emits can exceed one PutEvents request', () => {
  it('the largest account.created (the most customers, each with the longest e-mail) fits in 256 KB', () => {
    // Prepare: as many customers as the account payload allows, each with the longest e-mail it allows
    const customer = JSON.parse(
      readFileSync(new URL('../../schemas/account/components/energy-customer.json', import.meta.url), 'utf8'),
    ) as { properties: { email: { maxLength: number } } };
    const emailLength = customer.properties.email.maxLength;
    const domain = '@example.com';
    const emails = Array.from(
      { length: MAX_CUSTOMERS },
      (_, i) => `${String(i).padStart(emailLength - domain.length, 'a')}${domain}`,
    );
    expect(emails[0]).toHaveLength(emailLength);

    // Act
    const event = importProcessEvents.accountCreated('A-12345678', emails);
    const size = putEventsEntrySize(entryOf(event));

    // Assess
    expect(size).toBeLessThanOrEqual(PUT_EVENTS_MAX_BYTES);
  });
});

import type { PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';

/** PutEvents takes at most 10 entries a call. */
export const PUT_EVENTS_MAX_ENTRIES = 10;
/** PutEvents takes at most 256 KB of entries a call (and an entry alone must fit in it). */
export const PUT_EVENTS_MAX_BYTES = 256 * 1024;

const utf8Bytes = (text: string | undefined) => (text === undefined ? 0 : Buffer.byteLength(text, 'utf8'));

/**
 * The size EventBridge counts for an entry, as AWS documents it: 14 bytes for `Time` when given,
 * plus the UTF-8 bytes of `Source`, `DetailType`, `Detail` and each of `Resources`.
 * (`EventBusName` is not counted.)
 */
export function putEventsEntrySize(entry: PutEventsRequestEntry): number {
  return (
    (entry.Time === undefined ? 0 : 14) +
    utf8Bytes(entry.Source) +
    utf8Bytes(entry.DetailType) +
    utf8Bytes(entry.Detail) +
    (entry.Resources ?? []).reduce((sum, resource) => sum + utf8Bytes(resource), 0)
  );
}

/** An entry larger than a whole PutEvents request: no request can carry it. */
export class EntryTooLargeError extends Error {
  override readonly name = 'EntryTooLargeError';
  constructor(
    readonly index: number,
    readonly size: number,
  ) {
    super(`Entry ${index} is ${size} bytes; a PutEvents request holds at most ${PUT_EVENTS_MAX_BYTES}`);
  }
}

/**
 * Cuts `items` into consecutive PutEvents requests, in order, each of at most 10 entries and at
 * most 256 KB by the documented entry size. An item that alone
 * exceeds 256 KB throws: the service keeps every event far smaller (records are capped well below
 * that size before anything is stored), so one that large is a bug to fix, not an event to drop.
 */
export function putEventsRequests<T>(
  items: readonly T[],
  entryOf: (item: T) => PutEventsRequestEntry,
): T[][] {
  const requests: T[][] = [];
  let current: T[] = [];
  let currentBytes = 0;
  items.forEach((item, index) => {
    const size = putEventsEntrySize(entryOf(item));
    if (size > PUT_EVENTS_MAX_BYTES) throw new EntryTooLargeError(index, size);
    if (current.length === PUT_EVENTS_MAX_ENTRIES || currentBytes + size > PUT_EVENTS_MAX_BYTES) {
      requests.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(item);
    currentBytes += size;
  });
  if (current.length > 0) requests.push(current);
  return requests;
}

import type { EventDetail } from '../../functions/events/outbox.js';
import type { EventEnvelope } from '../../infra/local/eventbridge-local.js';
import { readLines } from '../../infra/local/json-lines-file.js';
import { pollUntil } from './polling.js';

/**
 * Reads what the local EventBridge endpoint archived in DATA_IMPORT_EVENTS_FILE: one full
 * envelope per accepted PutEvents entry. Tests share one file, so filter by something
 * unique to the test (an external account number, an event id).
 */
// biome-ignore lint/suspicious/noExplicitAny: response bodies and payloads are untyped in tests; assertions check them
export type ArchivedEvent<P = any> = Omit<EventEnvelope, 'detail'> & { detail: EventDetail<P> };

export function eventsFilePath(): string {
  const file = process.env.DATA_IMPORT_EVENTS_FILE;
  if (!file) throw new Error('DATA_IMPORT_EVENTS_FILE is not set (is the global setup running?)');
  return file;
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies and payloads are untyped in tests; assertions check them
export function readEvents<P = any>(file = eventsFilePath()): ArchivedEvent<P>[] {
  return readLines<ArchivedEvent<P>>(file);
}

export interface WaitOptions {
  /** How many matching events to wait for (default 1). */
  count?: number;
  /** Give up after this long (default 10 s): the wait fails with what was found. */
  timeoutMs?: number;
  /** Poll interval (default 50 ms). */
  intervalMs?: number;
  file?: string;
}

/**
 * Polls the events file until at least `count` events match `predicate`; returns the
 * matching events (all of them, so a test can assert there are not more than expected).
 */
// biome-ignore lint/suspicious/noExplicitAny: response bodies and payloads are untyped in tests; assertions check them
export async function waitForEvents<P = any>(
  predicate: (event: ArchivedEvent<P>) => boolean,
  options: WaitOptions = {},
): Promise<ArchivedEvent<P>[]> {
  const count = options.count ?? 1;
  return pollUntil(
    () => readEvents<P>(options.file).filter(predicate),
    (matching) => matching.length >= count,
    {
      timeoutMs: options.timeoutMs ?? 10_000,
      intervalMs: options.intervalMs ?? 50,
      failure: (matching) =>
        `expected ${count} matching event(s) in ${options.file ?? eventsFilePath()}, found ${matching.length}`,
    },
  );
}

/** Events whose payload mentions this external account number (a common test filter). */
export const forAccount =
  (externalAccountNumber: string) =>
  (event: ArchivedEvent): boolean =>
    JSON.stringify(event.detail?.payload ?? {}).includes(`"${externalAccountNumber}"`);

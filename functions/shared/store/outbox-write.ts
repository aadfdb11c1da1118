import { RetryableError } from '../errors.js';
import { type EventDetail, outboxPut } from '../events/outbox.js';
import { TABLE_NAME } from './dynamodb.js';
import { backoff, isConflictOnly, transactWrite } from './transact-write.js';

const MAX_ATTEMPTS = 8;

/**
 * Writes events that come with no state change of their own (a `post_import.error`, or a
 * request's `post_import.completed` whose last chunk turned out to exist already).
 */
export async function writeEventsAlone(events: readonly EventDetail[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const result = await transactWrite([outboxPut(TABLE_NAME, events)]);
    if (result.ok) return;
    if (attempt >= MAX_ATTEMPTS || !isConflictOnly(result.reasons)) throw new RetryableError();
    await backoff(attempt);
  }
}

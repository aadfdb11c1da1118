/**
 * The clocks of the join-supplier outcomes' delivery to the consumer, shared by the stack (which
 * configures the bus rule's target, the function's asynchronous invocation and the dead-letter
 * queue with them) and the consumer (which keeps each applied event id as long as they let the
 * same event come again). Pure.
 *
 * One event can reach the consumer again for this long after it was first applied:
 * 1. EventBridge retries invoking the function for up to BUS_MAX_EVENT_AGE_HOURS after the put;
 * 2. Lambda keeps an accepted asynchronous invocation, retrying the function FUNCTION_RETRIES
 *    times, for up to FUNCTION_MAX_EVENT_AGE_HOURS; then (like the bus, once its own retries
 *    are spent) it sends the event to the dead-letter queue;
 * 3. the dead-letter queue keeps it DEAD_LETTER_RETENTION_DAYS, during which an operator may send
 *    it again (runbook: asynchronous invoke, or put it on the bus again);
 * 4. that second sending goes through steps 1 and 2 once more.
 * Any copy of an event, duplicates included, therefore arrives within
 * INBOUND_EVENT_ID_RETENTION_SECONDS of the first one; the consumer keeps the id that long
 * after applying it.
 */

export const BUS_MAX_EVENT_AGE_HOURS = 24;
/** EventBridge's attempts within its maximum event age (its maximum, 185). */
export const BUS_RETRY_ATTEMPTS = 185;
export const FUNCTION_RETRIES = 2;
export const FUNCTION_MAX_EVENT_AGE_HOURS = 6;
export const DEAD_LETTER_RETENTION_DAYS = 14;

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;

/** One pass of an event through the bus's retries and the function's asynchronous retries. */
const ONE_DELIVERY_SECONDS = (BUS_MAX_EVENT_AGE_HOURS + FUNCTION_MAX_EVENT_AGE_HOURS) * HOUR_SECONDS;

/** How long an applied inbound event id is kept (the table's TTL removes it afterwards). */
export const INBOUND_EVENT_ID_RETENTION_SECONDS =
  ONE_DELIVERY_SECONDS + DEAD_LETTER_RETENTION_DAYS * DAY_SECONDS + ONE_DELIVERY_SECONDS;

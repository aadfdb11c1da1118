/**
 * Log messages that CloudWatch metric filters count (infra/constructs/service-monitoring.ts):
 * changing one here changes both the line and its filter.
 */

/** Logged once per account created, with `importSupplier`: accounts imported per supplier. */
export const ACCOUNT_IMPORTED_LOG_MESSAGE = 'Account imported';

/** Logged by the publisher after each outbox item, with `published` (events sent): event delivery. */
export const EVENTS_PUBLISHED_LOG_MESSAGE = 'Events published';

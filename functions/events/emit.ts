import type { ErrorObject } from 'ajv';
import type { CompiledValidator } from '../validation/field-errors.js';
import type { EmittedEventPayloads } from './generated/event-payloads.js';
import { type EventDetail, newEventDetail } from './outbox.js';

/**
 * Typed, validated publishing. `emit` is the only way handlers and domain code
 * build events for the outbox:
 *
 *   import { accountCreatedV1 } from '../events/generated/emitted-validators.js';
 *   emit(accountCreatedV1, { account_number, account_user_emails, is_imported: true })
 *
 * - compile time: the generated module has one descriptor per (event type, payload version)
 *   this service emits, and only those; the payload has its catalogue type (generated from
 *   schemas/catalogue/);
 * - run time: the payload is checked by the descriptor's ahead-of-time compiled validator (ajv
 *   standalone, `npm run generate`); an invalid payload is a bug and throws before anything is
 *   written, so the publisher never sends an event that fails its schema.
 *
 * The code that emits an event imports that event's descriptor, never the whole table: each
 * bundle then carries only the validators (and schemas) of the events it can emit, and never the
 * whole catalogue's.
 */

/** Event types this service emits. */
export type EmittedType = keyof EmittedEventPayloads;
/** Payload versions of an emitted event type. */
export type EmittedVersion<T extends EmittedType> = keyof EmittedEventPayloads[T] & string;
/** The payload of an emitted (type, version). */
export type EmittedPayload<T extends EmittedType, V extends EmittedVersion<T>> = EmittedEventPayloads[T][V];

/** One event this service emits, as generated in `generated/emitted-validators.js`. */
export interface EmittedEvent<T extends EmittedType, V extends EmittedVersion<T>> {
  readonly eventType: T;
  readonly version: V;
  readonly validate: CompiledValidator<EmittedPayload<T, V>>;
}

/** A payload that fails its catalogue schema. The message names fields, never their values. */
export class InvalidEventPayloadError extends Error {
  override readonly name = 'InvalidEventPayloadError';
  constructor(
    readonly eventType: string,
    readonly version: string,
    readonly errors: readonly ErrorObject[],
  ) {
    const problems = errors.map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`);
    super(`Payload of ${eventType}@${version} fails its schema: ${problems.join('; ')}`);
  }
}

/**
 * When and under which id an event is stamped, for events a pure builder derives (the same input
 * then gives the same events, ids included). Without it: now, and a fresh random UUID.
 */
export interface EventStamp {
  occurredAt: Date;
  /** A UUID unique to this event (./event-ids.ts derives one from a name). */
  eventId: string;
}

export function emit<T extends EmittedType, V extends EmittedVersion<T>>(
  event: EmittedEvent<T, V>,
  payload: EmittedPayload<T, V>,
  stamp?: EventStamp,
): EventDetail<EmittedPayload<T, V>> {
  const { eventType, version, validate } = event;
  if (!validate(payload)) throw new InvalidEventPayloadError(eventType, version, validate.errors ?? []);
  if (stamp === undefined) return newEventDetail(eventType, version, payload);
  return newEventDetail(eventType, version, payload, stamp.occurredAt, stamp.eventId);
}

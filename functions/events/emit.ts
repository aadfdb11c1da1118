import type { ErrorObject } from 'ajv';
import type { CompiledValidator } from '../validation/field-errors.js';
import { validators } from './generated/emitted-validators.js';
import type { EmittedEventPayloads } from './generated/event-payloads.js';
import { type EventDetail, newEventDetail } from './outbox.js';

/**
 * Typed, validated publishing. `emit` is the only way handlers and domain code
 * build events for the outbox:
 *
 *   emit('account.created', 'v1', { account_number, account_user_emails, is_imported: true })
 *
 * - compile time: only the (event type, payload version) pairs this service emits, each with
 *   its catalogue payload type (generated from schemas/catalogue/);
 * - run time: the payload is checked by an ahead-of-time compiled validator (ajv standalone,
 *   `npm run generate`); an unknown pair or an invalid payload is a bug and throws before
 *   anything is written, so the publisher never sends an event that fails its schema.
 *
 * Only the validators of the emitted events are imported here (not the whole catalogue), which
 * keeps every handler bundle and cold start small.
 */

/** Event types this service emits. */
export type EmittedType = keyof EmittedEventPayloads;
/** Payload versions of an emitted event type. */
export type EmittedVersion<T extends EmittedType> = keyof EmittedEventPayloads[T] & string;
/** The payload of an emitted (type, version). */
export type EmittedPayload<T extends EmittedType, V extends EmittedVersion<T>> = EmittedEventPayloads[T][V];

/** A (type, version) pair that is not one this service emits. */
export class UnknownEventError extends Error {
  override readonly name = 'UnknownEventError';
  constructor(
    readonly eventType: string,
    readonly version: string,
  ) {
    super(`Event ${eventType}@${version} is not one this service emits (see schemas/events/README.md)`);
  }
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

const table = validators as unknown as Record<string, CompiledValidator<unknown>>;

export function emit<T extends EmittedType, V extends EmittedVersion<T>>(
  eventType: T,
  version: V,
  payload: EmittedPayload<T, V>,
): EventDetail<EmittedPayload<T, V>> {
  const key = `${eventType}@${version}`;
  const validate = Object.hasOwn(table, key) ? table[key] : undefined;
  if (!validate) throw new UnknownEventError(eventType, version);
  if (!validate(payload)) throw new InvalidEventPayloadError(eventType, version, validate.errors ?? []);
  return newEventDetail(eventType, version, payload);
}

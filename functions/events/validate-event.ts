import type { ErrorObject } from 'ajv';
import type { CompiledValidator } from '../validation/field-errors.js';
import { envelope, validators } from './generated/catalogue-validators.js';
import type { EventPayloads } from './generated/event-payloads.js';
import type { EventDetail } from './outbox.js';

/**
 * Subscriber-side validation of a received event's `detail` against the whole catalogue
 * (all 291 type/version pairs). It imports the full catalogue validator (~1.6 MB of generated
 * code): use it in subscribers and tests, never in this service's handlers (they use `emit`).
 *
 *   const result = validateEvent(event.detail);          // event: the EventBridge event
 *   if (!result.valid) throw new Error(result.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
 *   if (result.detail.event_type === 'account.created') result.detail.payload.account_number;
 */

/** A catalogue event's `detail`, discriminated by `event_type` and `version`. */
export type CatalogueEventDetail = {
  [T in keyof EventPayloads]: {
    [V in keyof EventPayloads[T]]: EventDetail<EventPayloads[T][V]> & { event_type: T; version: V };
  }[keyof EventPayloads[T]];
}[keyof EventPayloads];

export interface EventValidationIssue {
  /** Dot path into the detail, e.g. `payload.entry.is_charge` (empty for the detail itself). */
  path: string;
  message: string;
}

export type EventValidationResult =
  | { valid: true; detail: CatalogueEventDetail }
  | { valid: false; errors: EventValidationIssue[] };

const table = validators as unknown as Record<string, CompiledValidator<unknown>>;

function issues(errors: readonly ErrorObject[] | null | undefined, prefix: string): EventValidationIssue[] {
  return (errors ?? []).map((error) => {
    const params = error.params as Record<string, unknown>;
    const child = params.missingProperty ?? params.additionalProperty;
    const parts = [prefix, ...error.instancePath.split('/').slice(1), ...(child ? [String(child)] : [])];
    return { path: parts.filter(Boolean).join('.'), message: error.message ?? error.keyword };
  });
}

/** Checks the envelope `{event_type, version, event_id, occurred_at, payload}` and the payload. */
export function validateEvent(detail: unknown): EventValidationResult {
  if (!envelope(detail)) return { valid: false, errors: issues(envelope.errors, '') };
  const key = `${detail.event_type}@${detail.version}`;
  const validate = Object.hasOwn(table, key) ? table[key] : undefined;
  if (!validate) {
    return { valid: false, errors: [{ path: 'event_type', message: `unknown event ${key}` }] };
  }
  if (!validate(detail.payload)) return { valid: false, errors: issues(validate.errors, 'payload') };
  return { valid: true, detail: detail as CatalogueEventDetail };
}

/** The EventBridge rule patterns a subscriber uses. */
export const eventPatterns = {
  /** One payload version: match the detail-type `<event type>@<payload version>`. */
  oneVersion: (eventType: string, version: string) => ({
    source: ['data-import'],
    'detail-type': [`${eventType}@${version}`],
  }),
  /** Every payload version of a type: match `detail.event_type`. */
  allVersions: (eventType: string) => ({
    source: ['data-import'],
    detail: { event_type: [eventType] },
  }),
};

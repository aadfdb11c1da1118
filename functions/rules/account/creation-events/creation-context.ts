import type { EventStamp } from '../../../events/emit.js';
import type { EventDetail } from '../../../events/outbox.js';
import { units } from '../../energy-account/payload-values.js';

/** What creation knows besides the payload. */
export interface CreationContext {
  serviceAccountNumber: string;
  importSupplier: string;
  externalAccountNumber: string;
  /** The first id of the account's block (./id-block.ts). */
  firstId: number;
  createdAt: Date;
}

/** An event built but not yet stamped: the stamp (time, id) is given by its place in the list. */
export type PendingEvent = (stamp: EventStamp) => EventDetail;

/** A date-time as events write it: UTC, ISO 8601 without fractions. */
export const eventTime = (at: Date): string => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A metadata value as the catalogue's string `value`: a string as sent, anything else as JSON text. */
export function metadataText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

/** A decimal amount (`"1500.00"`) in integer minor units (pence), half-up past two places. */
export function minorUnitsOf(amount: string | number | undefined): number | undefined {
  const exact = units(amount);
  if (exact === undefined) return undefined;
  const step = 1000000n;
  const half = step / 2n;
  const minor = exact >= 0n ? (exact + half) / step : -((-exact + half) / step);
  return Number(minor);
}

import { randomBytes } from 'node:crypto';
import { parseDate, parseDateTime } from '../../../functions/rules/values/date-time-parser.js';
import { UsageError } from '../commands/command.js';

/** A replay's time window: events whose `time` lies in [from, to). */
export interface ReplayWindow {
  from: Date;
  to: Date;
}

/**
 * A date (its midnight UTC) or an RFC 3339 date-time with its zone (`Z` or `±hh:mm`), read by the
 * one date parser the API uses: a local time would be ambiguous, and an impossible date
 * (`2026-02-30`, hour 24) is refused rather than rolled over into another day.
 */
function parseDatetime(option: string, value: unknown): Date {
  const ms = typeof value === 'string' ? (parseDate(value) ?? parseDateTime(value)) : undefined;
  if (ms === undefined) {
    throw new UsageError(
      `--${option} must be a date or a date-time with its zone that exists on the calendar, ` +
        'e.g. 2026-03-01 or 2026-03-01T09:30:00Z',
    );
  }
  return new Date(ms);
}

export function parseReplayWindow(from: unknown, to: unknown): ReplayWindow {
  const window = { from: parseDatetime('from', from), to: parseDatetime('to', to) };
  if (window.from >= window.to) throw new UsageError('--from must be before --to');
  return window;
}

/** A replay name (unique per account and region, 1–64 of `A-Za-z0-9._-`): `replay-20260301T093000Z-1a2b3c`. */
export function newReplayName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `replay-${stamp}-${randomBytes(3).toString('hex')}`;
}

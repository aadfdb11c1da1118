import { randomBytes } from 'node:crypto';
import { UsageError } from '../commands/command.js';

/** A replay's time window: events whose `time` lies in [from, to). */
export interface ReplayWindow {
  from: Date;
  to: Date;
}

/** A date, or a date-time with its zone (`Z` or `±hh:mm`): a local time would be ambiguous. */
const DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

function parseDatetime(option: string, value: unknown): Date {
  const date = typeof value === 'string' && DATETIME.test(value) ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    throw new UsageError(
      `--${option} must be a date or a date-time with its zone, e.g. 2026-03-01 or 2026-03-01T09:30:00Z`,
    );
  }
  return date;
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

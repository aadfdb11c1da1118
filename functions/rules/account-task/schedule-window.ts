import type { FieldError } from '../../errors.js';
import { dateTimeMs } from '../values/date-time-parser.js';
import { isoDateTime } from '../values/dates.js';

/** A start at most this far in the past is taken as "now" (clock skew, request latency). */
export const START_TOLERANCE_MS = 60_000;
/** Default window length after its start. */
export const DEFAULT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A window ends at most this long after the request. */
export const MAX_AHEAD_MS = 4 * 24 * 60 * 60 * 1000;

export interface WindowParams {
  schedule_window_start?: string;
  schedule_window_end?: string;
}

export type WindowResult = { ok: true; start: string; end: string } | { ok: false; errors: FieldError[] };

/** The whole second a time is shown at (`…:SSZ`): windows are compared as the status object shows them. */
const shownSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/**
 * The schedule window of a task (pure; `now` is given; the datetimes were checked by the request
 * schema). Start defaults to now; more than 60 s in the past is refused. End defaults to
 * start + 24 h, capped at now + 4 days; an end given more than 4 days ahead, or already past (at
 * or before now's second: the engine would end the task at once), is refused; a window whose end
 * is not after its start, at the second shown, is refused. Datetimes are answered in
 * `YYYY-MM-DDTHH:MM:SSZ`.
 */
export function scheduleWindow(params: WindowParams, now: Date): WindowResult {
  const errors: FieldError[] = [];
  const attr = (field: keyof WindowParams) => `task_params.${field}`;
  const nowMs = now.getTime();
  const maxEnd = nowMs + MAX_AHEAD_MS;

  const start = params.schedule_window_start !== undefined ? dateTimeMs(params.schedule_window_start) : nowMs;
  if (start < nowMs - START_TOLERANCE_MS) {
    errors.push({
      attr: attr('schedule_window_start'),
      code: 'schedule_window_start_in_past',
      detail: 'The window start may be at most 60 seconds in the past.',
    });
  }
  const givenEnd =
    params.schedule_window_end !== undefined ? dateTimeMs(params.schedule_window_end) : undefined;
  if (givenEnd !== undefined && givenEnd > maxEnd) {
    errors.push({
      attr: attr('schedule_window_end'),
      code: 'schedule_window_end_too_far_in_future',
      detail: 'The window end may be at most 4 days after now.',
    });
  }
  if (givenEnd !== undefined && shownSecond(givenEnd) <= shownSecond(nowMs)) {
    errors.push({
      attr: attr('schedule_window_end'),
      code: 'schedule_window_end_in_past',
      detail: 'The window end must be after now (compared to the second).',
    });
  }
  const end = givenEnd ?? Math.min(start + DEFAULT_WINDOW_MS, maxEnd);
  if (shownSecond(start) >= shownSecond(end) && errors.length === 0) {
    errors.push({
      attr: attr('schedule_window_start'),
      code: 'schedule_window_start_after_end',
      detail: 'The window end must be after its start (compared to the second).',
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  // Seconds precision, as answered; a start within the tolerance stays as given.
  return { ok: true, start: isoDateTime(new Date(start)), end: isoDateTime(new Date(end)) };
}

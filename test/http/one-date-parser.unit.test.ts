import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateAccountBody as accountRequest } from '../../functions/account-validation/account-request-validators.js';
import { scheduleWindow } from '../../functions/rules/account-task/schedule-window.js';
import { normaliseDateTime } from '../../functions/rules/notes/note.js';
import { validate as scheduleRequest } from '../../functions/validation/generated/account-task-schedule.js';
import { validate as notesRequest } from '../../functions/validation/generated/notes-create.js';

/** `value` padded to `width` digits, from 0 to `max` (a little beyond the valid range, to produce near misses). */
const digits = (width: number, max: number) =>
  fc.integer({ min: 0, max }).map((value) => String(value).padStart(width, '0'));

const dateLike = fc
  .tuple(digits(4, 9999), digits(2, 13), digits(2, 32))
  .map(([year, month, day]) => `${year}-${month}-${day}`);

const offsetLike = fc.oneof(
  fc.constantFrom('Z', 'z', ''),
  fc
    .tuple(fc.constantFrom('+', '-'), digits(2, 24), fc.constantFrom(':', ''), fc.option(digits(2, 60)))
    .map(([sign, hours, colon, minutes]) => `${sign}${hours}${minutes === null ? '' : `${colon}${minutes}`}`),
);

/** Strings shaped like RFC 3339 date-times, most valid, many one slip away from it. */
const dateTimeLike = fc
  .tuple(
    dateLike,
    fc.constantFrom('T', 't', ' ', '_'),
    digits(2, 24),
    digits(2, 60),
    digits(2, 61),
    fc.constantFrom('', '.', '.5', '.123', '.123456789'),
    offsetLike,
  )
  .map(([date, separator, hour, minute, second, fraction, offset]) =>
    [date, separator, hour, ':', minute, ':', second, fraction, offset].join(''),
  );

/** The leap second and the hour-only offsets that once passed the format and broke the rules. */
const FORMER_500S = [
  '2026-12-31T23:59:60Z',
  '2026-12-31T22:59:60-01:00',
  '2026-11-25T06:00:00+01',
  '2026-11-25T06:00:00-05',
  '2026-11-25T06:00:00+0100',
];

/** The request fields the validator refused, as `task_params.schedule_window_start`. */
function refusedFields(validate: { errors?: { instancePath: string }[] | null }): string[] {
  return (validate.errors ?? []).map((error) => error.instancePath.slice(1).replaceAll('/', '.'));
}

const acceptedBySchedule = (value: string) => {
  scheduleRequest({ payload: {}, task_params: { schedule_window_start: value, schedule_window_end: value } });
  return !refusedFields(scheduleRequest).some((field) => field.startsWith('task_params.schedule_window'));
};

const acceptedByNotes = (value: string) => {
  notesRequest({ notes: [{ created_at: value }] });
  return !refusedFields(notesRequest).includes('notes.0.created_at');
};

const acceptedAsDate = (value: string) => {
  accountRequest({ customers: [{ date_of_birth: value }] });
  return !refusedFields(accountRequest).includes('customers.0.date_of_birth');
};

/**
 * The instant a date-time names, read by JavaScript's own parser (not the service's): first
 * rewritten into ECMAScript's date-time string format (`T`, `Z`, exactly three fraction digits),
 * the only form whose reading the language defines.
 */
function referenceInstant(value: string): number {
  const [, date, time, fraction = '', offset] = /^(.{10}).(.{8})(?:\.(\d*))?(.*)$/.exec(value) ?? [];
  return Date.parse(`${date}T${time}.${fraction.padEnd(3, '0').slice(0, 3)}${offset?.toUpperCase()}`);
}

/** A datetime as the API answers it (`…:SSZ`), computed without the service's code. */
const answered = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('Rule: one parser decides what a date-time is, and whatever a request schema accepts the rules can read', () => {
  it('every date-time the schedule request accepts is read by the window rule, at the instant it names', () => {
    fc.assert(
      fc.property(dateTimeLike, (value) => {
        // Prepare
        fc.pre(acceptedBySchedule(value));
        const instant = referenceInstant(value);
        expect(Number.isFinite(instant), `${value} names no instant`).toBe(true);
        // Act: scheduled at the very instant it names
        const window = scheduleWindow({ schedule_window_start: value }, new Date(instant));
        // Assess: read at that instant, not thrown
        expect(window).toEqual({
          ok: true,
          start: answered(instant),
          end: answered(instant + 24 * 3600_000),
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('every date-time the notes request accepts is read by the notes rules, at the instant it names', () => {
    fc.assert(
      fc.property(dateTimeLike, (value) => {
        // Prepare
        fc.pre(acceptedByNotes(value));
        // Act
        const stored = normaliseDateTime(value);
        // Assess
        expect(Date.parse(stored), value).toBe(referenceInstant(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('every date a request accepts is a day of the calendar', () => {
    fc.assert(
      fc.property(dateLike, (value) => {
        // Prepare
        fc.pre(acceptedAsDate(value));
        // Act
        const read = new Date(`${value}T00:00:00Z`);
        // Assess: the same day, not one rolled over into the next month
        expect(read.toISOString().slice(0, 10)).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('the corpus holds values each request accepts and values it refuses', () => {
    // Prepare
    const sample = fc.sample(dateTimeLike, { numRuns: 500, seed: 26 });
    const dates = fc.sample(dateLike, { numRuns: 500, seed: 26 });
    // Assess
    expect(new Set(sample.map(acceptedBySchedule))).toEqual(new Set([true, false]));
    expect(new Set(sample.map(acceptedByNotes))).toEqual(new Set([true, false]));
    expect(new Set(dates.map(acceptedAsDate))).toEqual(new Set([true, false]));
  });

  it.each(FORMER_500S)(
    '%s (a leap second, or an offset that is not ±hh:mm) is refused by every request alike',
    (value) => {
      // Act and Assess
      expect(acceptedBySchedule(value)).toBe(false);
      expect(acceptedByNotes(value)).toBe(false);
    },
  );
});

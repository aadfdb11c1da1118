import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { date, 'date-time' as dateTime } from '../../functions/validation/formats.js';

/** ajv-formats' own verdict, the reference the request validators used before. */
const reference = (name: 'date' | 'date-time', value: string) =>
  (fullFormats[name] as { validate: (value: string) => boolean }).validate(value);

/**
 * What ajv-formats accepts and the service refuses, on purpose: a leap second (no clock of the
 * service holds one) and an offset without its minutes or its colon (RFC 3339 spells `±hh:mm`).
 */
const refusedOnPurpose = (value: string) =>
  /:60(\.\d*)?([zZ]|[+-][\d:]*)?$/.test(value) || /[+-]\d{2}(\d{2})?$/.test(value);

const DATES = [
  '2026-01-01',
  '2026-12-31',
  '2026-02-28',
  '2026-02-29',
  '2024-02-29',
  '2000-02-29',
  '1900-02-29',
  '2026-04-30',
  '2026-04-31',
  '2026-06-31',
  '2026-09-31',
  '2026-11-31',
  '2026-07-31',
  '2026-00-10',
  '2026-13-01',
  '2026-01-00',
  '2026-01-32',
  '0000-01-01',
  '9999-12-31',
  '26-01-01',
  '2026-1-01',
  '2026-01-1',
  '2026/01/01',
  ' 2026-01-01',
  '2026-01-01 ',
  '2026-01-01T00:00:00Z',
  '',
  'not a date',
  '２０２６-01-01',
  '2026-01-01\n',
];

const TIMES = [
  '00:00:00Z',
  '23:59:59Z',
  '23:59:59.123456z',
  '12:30:00+01:00',
  '12:30:00-05:30',
  '12:30:00+0100',
  '12:30:00+01',
  '12:30:00',
  '24:00:00Z',
  '23:60:00Z',
  '23:59:60Z',
  '23:59:60+00:00',
  '00:59:60+01:00',
  '22:59:60-01:00',
  '23:59:60+01:00',
  '12:00:60Z',
  '23:59:61Z',
  '12:30:00+24:00',
  '12:30:00+23:60',
  '12:30:00+23:59',
  '1:30:00Z',
  '12:30Z',
  '12:30:00.Z',
  '12:30:00ZZ',
  '12:30:00 Z',
];

describe('Rule: request dates and date-times are checked as RFC 3339, as ajv-formats checks them, without leap seconds or short offsets', () => {
  it('a date is valid exactly when ajv-formats says it is, leap years and month lengths included', () => {
    for (const value of DATES) {
      // Act and Assess
      expect(date.validate(value), JSON.stringify(value)).toBe(reference('date', value));
    }
  });

  it('a date-time is valid exactly when ajv-formats says it is, offset required, but for a leap second or an offset not ±hh:mm', () => {
    // Prepare
    const values = [
      ...DATES.flatMap((date) => TIMES.slice(0, 6).map((time) => `${date}T${time}`)),
      ...TIMES.flatMap((time) =>
        ['2026-03-15', '2024-02-29'].flatMap((date) => [
          `${date}T${time}`,
          `${date}t${time}`,
          `${date} ${time}`,
        ]),
      ),
      '2026-03-15T12:00:00ZT12:00:00Z',
      '2026-03-15',
      'T12:00:00Z',
      '2026-03-15TT12:00:00Z',
    ];
    for (const value of values) {
      // Act and Assess
      expect(dateTime.validate(value), JSON.stringify(value)).toBe(
        reference('date-time', value) && !refusedOnPurpose(value),
      );
    }
  });

  it('the corpus holds valid and invalid values of each format, and values refused on purpose that ajv-formats accepts', () => {
    // Assess
    expect(new Set(DATES.map((value) => date.validate(value)))).toEqual(new Set([true, false]));
    expect(new Set(TIMES.map((time) => dateTime.validate(`2026-03-15T${time}`)))).toEqual(
      new Set([true, false]),
    );
    expect(
      TIMES.filter((time) => refusedOnPurpose(time) && reference('date-time', `2026-12-31T${time}`)),
    ).toEqual([
      '12:30:00+0100',
      '12:30:00+01',
      '23:59:60Z',
      '23:59:60+00:00',
      '00:59:60+01:00',
      '22:59:60-01:00',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { scheduleWindow } from '../../functions/rules/account-task/schedule-window.js';

const now = new Date('2026-11-24T12:00:00Z');

describe('Schedule window rules', () => {
  it('defaults: start now, end start + 24 h', () => {
    expect(scheduleWindow({}, now)).toEqual({
      ok: true,
      start: '2026-11-24T12:00:00Z',
      end: '2026-11-25T12:00:00Z',
    });
  });

  it('the default end is capped at now + 4 days', () => {
    expect(scheduleWindow({ schedule_window_start: '2026-11-28T00:00:00Z' }, now)).toEqual({
      ok: true,
      start: '2026-11-28T00:00:00Z',
      end: '2026-11-28T12:00:00Z',
    });
  });

  it('a start up to 60 s in the past is accepted; more is schedule_window_start_in_past', () => {
    expect(scheduleWindow({ schedule_window_start: '2026-11-24T11:59:00Z' }, now).ok).toBe(true);
    expect(scheduleWindow({ schedule_window_start: '2026-11-24T11:58:59Z' }, now)).toMatchObject({
      ok: false,
      errors: [{ attr: 'task_params.schedule_window_start', code: 'schedule_window_start_in_past' }],
    });
  });

  it('an end more than 4 days ahead is schedule_window_end_too_far_in_future', () => {
    expect(scheduleWindow({ schedule_window_end: '2026-11-28T12:00:01Z' }, now)).toMatchObject({
      ok: false,
      errors: [{ attr: 'task_params.schedule_window_end', code: 'schedule_window_end_too_far_in_future' }],
    });
    expect(scheduleWindow({ schedule_window_end: '2026-11-28T12:00:00Z' }, now).ok).toBe(true);
  });

  it('a start not before its end is schedule_window_start_after_end', () => {
    expect(
      scheduleWindow(
        { schedule_window_start: '2026-11-25T00:00:00Z', schedule_window_end: '2026-11-25T00:00:00Z' },
        now,
      ),
    ).toMatchObject({ ok: false, errors: [{ code: 'schedule_window_start_after_end' }] });
  });

  it('a start and end within the same second (a window of no length at the second shown) is schedule_window_start_after_end', () => {
    // Act
    const window = scheduleWindow(
      { schedule_window_start: '2026-11-25T00:00:00.200Z', schedule_window_end: '2026-11-25T00:00:00.800Z' },
      now,
    );
    // Assess
    expect(window).toEqual({
      ok: false,
      errors: [
        expect.objectContaining({
          attr: 'task_params.schedule_window_start',
          code: 'schedule_window_start_after_end',
        }),
      ],
    });
  });

  it('an end one second after the start, as shown, is a window', () => {
    // Act
    const window = scheduleWindow(
      { schedule_window_start: '2026-11-25T00:00:00.800Z', schedule_window_end: '2026-11-25T00:00:01.000Z' },
      now,
    );
    // Assess
    expect(window).toEqual({ ok: true, start: '2026-11-25T00:00:00Z', end: '2026-11-25T00:00:01Z' });
  });

  it.each([
    ['an hour ago, with the start defaulted to now', { schedule_window_end: '2026-11-24T11:00:00Z' }],
    [
      'before now, with a start within the 60 s tolerance',
      { schedule_window_start: '2026-11-24T11:59:30Z', schedule_window_end: '2026-11-24T11:59:50Z' },
    ],
    [
      'at the second of now (the engine would end it at once)',
      { schedule_window_end: '2026-11-24T12:00:00.900Z' },
    ],
  ])(
    'an end already past (%s) is schedule_window_end_in_past at task_params.schedule_window_end',
    (_, params) => {
      // Act
      const window = scheduleWindow(params, new Date('2026-11-24T12:00:00.500Z'));
      // Assess
      expect(window).toEqual({
        ok: false,
        errors: [
          expect.objectContaining({
            attr: 'task_params.schedule_window_end',
            code: 'schedule_window_end_in_past',
          }),
        ],
      });
    },
  );
});

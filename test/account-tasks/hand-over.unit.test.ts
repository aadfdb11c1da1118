import { describe, expect, it } from 'vitest';
import { isDueForHandOver } from '../../functions/rules/account-task/engine.js';

type WrittenTask = Parameters<typeof isDueForHandOver>[0];

const written = (overrides: Partial<WrittenTask> = {}): WrittenTask => ({
  status: 'PENDING',
  schedule_window_start: '2026-11-24T12:00:00Z',
  schedule_window_end: '2026-11-25T12:00:00Z',
  ...overrides,
});

describe('Rule: a task written with its window started goes to the queue at once', () => {
  it('a PENDING task not yet queued, at or after its window start and before its end, is due', () => {
    // Act & Assess
    expect(isDueForHandOver(written(), '2026-11-24T12:00:00Z')).toBe(true);
    expect(isDueForHandOver(written(), '2026-11-25T11:59:59Z')).toBe(true);
  });

  it('a window that has not started is left to the sweep, which hands it over when it starts', () => {
    expect(isDueForHandOver(written(), '2026-11-24T11:59:59Z')).toBe(false);
  });

  it('a window that has ended is not handed over (the sweep cancels the task)', () => {
    expect(isDueForHandOver(written(), '2026-11-25T12:00:00Z')).toBe(false);
  });

  it('a task already handed over is not handed over again when the write that marked it comes back', () => {
    expect(isDueForHandOver(written({ queued_at: '2026-11-24T12:00:01Z' }), '2026-11-24T12:00:02Z')).toBe(
      false,
    );
  });

  it('only PENDING tasks are handed over', () => {
    for (const status of ['IN_PROGRESS', 'PROCESSED', 'ERRORED', 'CANCELLED', 'DRY_RUN_SUCCEEDED'] as const) {
      expect(isDueForHandOver(written({ status }), '2026-11-24T13:00:00Z'), status).toBe(false);
    }
  });
});

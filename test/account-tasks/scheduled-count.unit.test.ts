import { describe, expect, it } from 'vitest';
import { type CountedTask, scheduledChange } from '../../functions/rules/account-task/account-task.js';

const real = (status: CountedTask['status']): CountedTask => ({ status, is_dry_run: false });
const dry = (status: CountedTask['status']): CountedTask => ({ status, is_dry_run: true });

describe('Rule: the supplier’s scheduled count is the number of live v2 tasks that are not dry runs', () => {
  it('scheduling a real task adds one (first task, or after an ended one)', () => {
    // Act / Assess
    expect(scheduledChange(undefined, real('PENDING'))).toBe(1);
    expect(scheduledChange(real('ERRORED'), real('PENDING'))).toBe(1);
    expect(scheduledChange(dry('DRY_RUN_SUCCEEDED'), real('PENDING'))).toBe(1);
  });

  it('replacing a PENDING task moves the count by the difference of the two', () => {
    // Act / Assess
    expect(scheduledChange(real('PENDING'), real('PENDING'))).toBe(0);
    expect(scheduledChange(real('PENDING'), dry('PENDING'))).toBe(-1);
    expect(scheduledChange(dry('PENDING'), real('PENDING'))).toBe(1);
  });

  it('a real task that ends takes one away; a move between live statuses changes nothing', () => {
    // Act / Assess
    for (const end of ['PROCESSED', 'ERRORED', 'CANCELLED'] as const) {
      expect(scheduledChange(real('IN_PROGRESS'), real(end))).toBe(-1);
    }
    expect(scheduledChange(real('PENDING'), real('CANCELLED'))).toBe(-1);
    expect(scheduledChange(real('PENDING'), real('IN_PROGRESS'))).toBe(0);
  });

  it('dry runs are never counted', () => {
    // Act / Assess
    expect(scheduledChange(undefined, dry('PENDING'))).toBe(0);
    expect(scheduledChange(dry('IN_PROGRESS'), dry('DRY_RUN_SUCCEEDED'))).toBe(0);
    expect(scheduledChange(dry('PENDING'), dry('CANCELLED'))).toBe(0);
  });
});

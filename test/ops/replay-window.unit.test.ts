import { describe, expect, it } from 'vitest';
import { UsageError } from '../../infra/ops/commands/command.js';
import { parseReplayWindow } from '../../infra/ops/events/replay-window.js';

describe('Rule: a replay window is read by the one date parser; an impossible date is a usage error', () => {
  it('a date is its midnight UTC; a date-time with its zone is the instant it names', () => {
    // Act
    const window = parseReplayWindow('2024-02-29', '2026-03-01T10:30:00.250+01:00');
    // Assess
    expect(window).toEqual({
      from: new Date('2024-02-29T00:00:00Z'),
      to: new Date('2026-03-01T09:30:00.250Z'),
    });
  });

  it.each([
    ['a day the month does not have', '2026-02-30'],
    ['29 February of a common year', '2026-02-29'],
    ['hour 24', '2026-03-01T24:00:00Z'],
    ['hour 24 without seconds', '2026-03-01T24:00Z'],
    ['a leap second', '2026-12-31T23:59:60Z'],
    ['an hour-only offset', '2026-03-01T09:00:00+01'],
    ['no zone', '2026-03-01T09:00:00'],
    ['month 13', '2026-13-01'],
  ])('%s (%s) is refused with a usage error naming the option, not rolled over', (_, value) => {
    // Act and Assess
    expect(() => parseReplayWindow(value, '2027-01-01')).toThrow(UsageError);
    expect(() => parseReplayWindow(value, '2027-01-01')).toThrow(
      '--from must be a date or a date-time with its zone',
    );
    expect(() => parseReplayWindow('2026-01-01', value)).toThrow('--to must be');
  });

  it('--from not before --to is a usage error', () => {
    // Act and Assess
    expect(() => parseReplayWindow('2026-03-02', '2026-03-01T23:59:59Z')).toThrow(
      '--from must be before --to',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { renderColdStart } from './report.js';

describe('Rule: every function’s init time is at most 1.3 × the floor’s, beside its bundle size and heaviest modules', () => {
  it('marks a function ok at 1.3 × the floor and MISSED above it, with its ratio to the floor', () => {
    // Prepare
    const figures = {
      cold_start: { floor_init_ms: 50, 'at-target': { init_ms: 65 }, 'over-target': { init_ms: 65.5 } },
      bundle_bytes: { 'at-target': 200_000, 'over-target': 360_000 },
      bundle_largest_modules: {
        'at-target': [{ module: '@smithy/core', bytes: 113_664 }],
        'over-target': [
          { module: 'graphql', bytes: 139_630 },
          { module: '@smithy/core', bytes: 113_664 },
          { module: 'jose', bytes: 12_125 },
        ],
      },
    };
    // Act
    const lines = renderColdStart(figures);
    // Assess
    expect(lines).toContain('## Cold start and bundle size (floor init 50 ms)');
    expect(lines).toContain('| at-target | 65 | 1.30 | ≤ 1.3 ok | 200000 | ≤ 350000 ok |');
    expect(lines).toContain('| over-target | 65.5 | 1.31 | ≤ 1.3 MISSED | 360000 | ≤ 350000 MISSED |');
    expect(lines).toContain('| over-target | graphql (136 KB) | @smithy/core (111 KB) | jose (12 KB) |');
  });
});

describe('Rule: obtain-service-token, which keeps graphql-js, is held to 1.5 × the floor', () => {
  it('marks the token function ok up to 1.5 × the floor and MISSED above it', () => {
    // Prepare
    const figures = {
      cold_start: { floor_init_ms: 40, 'obtain-service-token': { init_ms: 60 } },
      bundle_bytes: { 'obtain-service-token': 400_000 },
    };
    const over = { ...figures, cold_start: { floor_init_ms: 40, 'obtain-service-token': { init_ms: 60.5 } } };
    // Act
    const atTarget = renderColdStart(figures);
    const overTarget = renderColdStart(over);
    // Assess
    expect(atTarget).toContain('| obtain-service-token | 60 | 1.50 | ≤ 1.5 ok | 400000 | ≤ 350000 MISSED |');
    expect(overTarget).toContain(
      '| obtain-service-token | 60.5 | 1.51 | ≤ 1.5 MISSED | 400000 | ≤ 350000 MISSED |',
    );
  });
});

describe('Rule: a function that validates a whole account is held to 1.5 × the floor and a bundle of 1 MB', () => {
  it('marks stage-account ok at 1.5 × the floor with a 900 KB bundle, MISSED above either', () => {
    // Prepare
    const figures = {
      cold_start: { floor_init_ms: 40, 'stage-account': { init_ms: 60 } },
      bundle_bytes: { 'stage-account': 900_000 },
    };
    const over = {
      cold_start: { floor_init_ms: 40, 'stage-account': { init_ms: 61 } },
      bundle_bytes: { 'stage-account': 1_000_001 },
    };
    // Act
    const atTarget = renderColdStart(figures);
    const overTarget = renderColdStart(over);
    // Assess
    expect(atTarget).toContain('| stage-account | 60 | 1.50 | ≤ 1.5 ok | 900000 | ≤ 1000000 ok |');
    expect(overTarget).toContain('| stage-account | 61 | 1.52 | ≤ 1.5 MISSED | 1000001 | ≤ 1000000 MISSED |');
  });
});

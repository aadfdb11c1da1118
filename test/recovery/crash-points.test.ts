import { afterAll, describe, expect, it } from 'vitest';
import type { PathReport } from './support/crash-path.js';
import { explore } from './support/explore.js';
import { crashPaths, crashPlans, writingFunctions } from './support/paths/index.js';
import { formatReport } from './support/report.js';

/**
 * The crash-point harness (docs/contributing/testing.md, "Crash points"). `npm test` explores
 * the fast paths; `npm run test:crash-points` (CRASH_POINTS_FULL=1) every path;
 * CRASH_POINTS_ONLY=<path id>,… chosen ones.
 */
const only = process.env.CRASH_POINTS_ONLY?.split(',');
const full = process.env.CRASH_POINTS_FULL === '1';
const concurrency = Number(process.env.CRASH_POINTS_CONCURRENCY || 4);
const paths = crashPaths().filter((path) => (only ? only.includes(path.id) : full || path.fast));
const reports: PathReport[] = [];

afterAll(() => {
  if (reports.length > 0) process.stdout.write(`\ncrash points\n${formatReport(reports)}\n`);
});

describe('the harness covers every function of the route table that changes state', () => {
  it('every writing function of infra/routes.ts has crash paths, or says why it has none', () => {
    expect(Object.keys(crashPlans).sort()).toEqual(writingFunctions().sort());
  });
});

describe('the harness reports what it looks for', () => {
  it('a claim that outlives its crashed holder (a claim margin of 10 s) is a violation', async () => {
    // Prepare: the request's idempotency key, then the creation lock, taken by process/, with the
    // largest margin an environment may set
    const path = crashPaths().find((candidate) => candidate.functionId === 'process-account');
    if (!path) throw new Error('no process path');
    let keyClaim: number | undefined;
    let lockClaim: number | undefined;

    // Act: crash just after the lock is taken (the UpdateItem after the key's)
    const report = await explore(path, {
      concurrency: 1,
      env: { DATA_IMPORT_CLAIM_MARGIN_SECONDS: '10' },
      only: (k, moment, call) => {
        if (call.operation !== 'UpdateItem') return false;
        keyClaim ??= k;
        if (k === keyClaim) return false;
        lockClaim ??= k;
        return k === lockClaim && moment === 'after';
      },
    });

    // Assess
    expect(report.crashPoints).toBe(1);
    expect(report.violations.map((violation) => violation.problem)).toEqual([
      expect.stringMatching(/^the creation lock \(PROCESS\) left by the crash expires [\d.]+ s after it/),
      expect.stringMatching(/^the idempotency key’s claim left by the crash expires [\d.]+ s after it/),
      expect.stringMatching(/409 idempotency_key_in_use .* no answer within the crashed holder's lifetime/),
    ]);
  }, 120_000);
});

describe('after a crash at any call, the cloud’s re-drive ends in the clean run’s outcome', () => {
  for (const path of paths) {
    it(`${path.id}: killed before and after each of its calls, then re-driven by ${path.redrive}`, async () => {
      const report = await explore(path, { concurrency });
      reports.push(report);
      expect(report.violations).toEqual([]);
    }, 900_000);
  }
});

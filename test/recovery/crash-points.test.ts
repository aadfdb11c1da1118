import { afterAll, describe, expect, it } from 'vitest';
import { explore, type PathReport } from './support/explore.js';
import { crashPaths } from './support/paths/index.js';
import { formatReport } from './support/report.js';

const only = process.env.CRASH_POINTS_ONLY?.split(',');
const full = process.env.CRASH_POINTS_FULL === '1';
const paths = crashPaths.filter((path) => (only ? only.includes(path.id) : full || path.fast));
const reports: PathReport[] = [];

afterAll(() => {
  process.stdout.write(`\ncrash points\n${formatReport(reports)}\n`);
});

describe('every crash point of every writing path converges to the clean run’s outcome', () => {
  for (const path of paths) {
    it(`${path.id}: killed before and after each of its calls, then re-driven by ${path.redrive}`, async () => {
      const report = await explore(path, { concurrency: 4 });
      reports.push(report);
      expect(report.violations).toEqual([]);
    }, 600_000);
  }
});

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { latestResults, readJournal } from './journal.js';
import { emptyCounts, type StatusCounts } from './progress.js';

/** Where `load` keeps its state when no `--state` is given: `.etl/<supplier>/`. */
export const DEFAULT_STATE_ROOT = '.etl';

/** The latest count per status in one state directory's journal. */
export function countsOf(stateDir: string): StatusCounts {
  const counts = emptyCounts();
  for (const entry of latestResults(readJournal(path.join(stateDir, 'journal.ndjson'))))
    counts[entry.result.status]++;
  return counts;
}

/** The state directories under `root` that hold a journal, by name. */
export function stateDirsUnder(root = DEFAULT_STATE_ROOT): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, entry.name, 'journal.ndjson')))
    .map((entry) => path.join(root, entry.name))
    .sort();
}

/**
 * `etl status`: the counts of one state directory (`--state DIR`, or `.etl/<CODE>` for
 * `--supplier CODE`), or of every directory under `.etl/` when neither is given, each under
 * its name. Returns the lines to print.
 */
export function statusReport(stateDir: string | undefined): string[] {
  const dirs = stateDir === undefined ? stateDirsUnder() : [stateDir];
  if (dirs.length === 0) {
    return [
      `no load has run here yet (no ${DEFAULT_STATE_ROOT}/<supplier>/journal.ndjson): start one with npm run etl -- load FILE.ndjson --supplier CODE`,
    ];
  }
  const lines: string[] = [];
  for (const dir of dirs) {
    if (!existsSync(path.join(dir, 'journal.ndjson'))) {
      lines.push(`${dir}: no journal (no load has run with this state directory)`);
      continue;
    }
    lines.push(`${dir}:`);
    for (const [status, count] of Object.entries(countsOf(dir))) lines.push(`  ${status.padEnd(9)} ${count}`);
  }
  return lines;
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { latestResults, readJournal } from './journal.js';
import { emptyCounts, type StatusCounts } from './progress.js';
import { readResults } from './results-file.js';
import { submitResultsFile } from './submit.js';

/** Where `load` and `submit` keep their state when no `--state` is given: `.etl/<supplier>/`. */
export const DEFAULT_STATE_ROOT = '.etl';

const journalOf = (stateDir: string) => path.join(stateDir, 'journal.ndjson');
const jobFileOf = (stateDir: string) => path.join(stateDir, 'job.json');

/** The latest count per status in one state directory's journal (what `load` did). */
export function countsOf(stateDir: string): StatusCounts {
  const counts = emptyCounts();
  for (const entry of latestResults(readJournal(journalOf(stateDir)))) counts[entry.result.status]++;
  return counts;
}

/** The count per status of the last job `submit` finished with this state directory. */
function submitCountsOf(stateDir: string): StatusCounts & { NOT_PROCESSED: number } {
  const counts = { ...emptyCounts(), NOT_PROCESSED: 0 };
  for (const result of readResults(submitResultsFile(stateDir))) counts[result.status]++;
  return counts;
}

const loadRan = (dir: string) => existsSync(journalOf(dir));
const submitRan = (dir: string) => existsSync(submitResultsFile(dir)) || existsSync(jobFileOf(dir));

/** The state directories under `root` that `load` or `submit` used, by name. */
export function stateDirsUnder(root = DEFAULT_STATE_ROOT): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(root, entry.name))
    .filter((dir) => loadRan(dir) || submitRan(dir))
    .sort();
}

const countLines = (counts: Record<string, number>) =>
  Object.entries(counts).map(([status, count]) => `    ${status.padEnd(13)} ${count}`);

/** What `submit` left in the directory: its last results, or the job it is waiting for. */
function submitLines(dir: string): string[] {
  if (existsSync(submitResultsFile(dir))) {
    return [`  submit (${path.basename(submitResultsFile(dir))}):`, ...countLines(submitCountsOf(dir))];
  }
  const { job_id } = JSON.parse(readFileSync(jobFileOf(dir), 'utf8')) as { job_id: string };
  return [`  submit: job ${job_id} has no results here yet: npm run etl -- job status ${job_id}`];
}

/**
 * `etl status`: the counts of one state directory (`--state DIR`, or `.etl/<CODE>` for
 * `--supplier CODE`), or of every directory under `.etl/` when neither is given, each under
 * its name: `load`'s from its journal, `submit`'s from `submit-results.ndjson`. Returns the
 * lines to print.
 */
export function statusReport(stateDir: string | undefined): string[] {
  const dirs = stateDir === undefined ? stateDirsUnder() : [stateDir];
  if (dirs.length === 0) {
    return [
      `no load or submit has run here yet (no ${DEFAULT_STATE_ROOT}/<supplier>/): start one with npm run etl -- load FILE.ndjson --supplier CODE`,
    ];
  }
  const lines: string[] = [];
  for (const dir of dirs) {
    if (!loadRan(dir) && !submitRan(dir)) {
      lines.push(`${dir}: no load or submit has run with this state directory`);
      continue;
    }
    lines.push(`${dir}:`);
    if (loadRan(dir)) lines.push(`  load (${path.basename(journalOf(dir))}):`, ...countLines(countsOf(dir)));
    if (submitRan(dir)) lines.push(...submitLines(dir));
  }
  return lines;
}

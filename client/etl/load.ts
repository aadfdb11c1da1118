import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { resultsLine } from '../../functions/rules/bulk-jobs/line-result.js';
import { dryRunLine, invalidLineResult } from '../../functions/rules/bulk-jobs/load-line.js';
import type { DataImportClient } from '../data-import-client.js';
import { type InputLine, type LineAccount, readInputLines } from './input-file.js';
import { Journal, type LineResult, latestResults } from './journal.js';
import { httpStepSender, loadAccount } from './load-account.js';
import { emptyCounts, Progress, type StatusCounts } from './progress.js';
import { checkTargetHolds } from './target.js';
import { writeAtomically } from './write-atomically.js';

export interface LoadOptions {
  file: string;
  supplier: string;
  concurrency: number;
  stateDir: string;
  dryRun: boolean;
  /**
   * `--retry PARTIAL,FAILED`: lines whose last result has one of these statuses are loaded
   * again, their refused steps sent again (their cause, such as a missing document, may be fixed).
   */
  retry?: ReadonlySet<RetryableStatus>;
}

export type RetryableStatus = Exclude<LineResult['status'], 'IMPORTED'>;

export interface LoadSummary {
  lines: number;
  counts: StatusCounts;
  /** Lines an earlier run finished, not sent again. */
  resumedLines: number;
  /** Of those, the ones that are PARTIAL or FAILED (`--retry` sends them again). */
  resumedNotImported: number;
  /** Lines sent again because of `--retry`. */
  retriedLines: number;
  /** Every line that is not IMPORTED, in line order. */
  notImported: LineResult[];
  seconds: number;
  resultsFile: string;
}

export const journalFile = (stateDir: string) => path.join(stateDir, 'journal.ndjson');
export const resultsFile = (stateDir: string) => path.join(stateDir, 'results.ndjson');

/**
 * Runs `work` over `items` with at most `concurrency` in flight. The first failure stops new
 * items from starting; once those in flight are done, it is thrown.
 */
async function pool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      try {
        await work(items[next++] as T);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failure) throw failure.error;
}

/**
 * `etl load`: every line of the file through the API with bounded concurrency (each
 * account's steps in order), journaled so that the same command continues where a stopped
 * run left off. Lines whose last result is final (nothing transient in it) are not run again,
 * once the target is seen to hold them (`checkTargetHolds`); `results.ndjson` is rebuilt from
 * the journal at the end.
 */
export async function load(client: DataImportClient, options: LoadOptions): Promise<LoadSummary> {
  mkdirSync(options.stateDir, { recursive: true });
  const started = Date.now();
  const inputs = readInputLines(options.file);
  const output = resultsFile(options.stateDir);

  if (options.dryRun) {
    const results: LineResult[] = [];
    const send = httpStepSender(client);
    const progress = new Progress({ lines: inputs.length, done: emptyCounts() });
    try {
      await pool(inputs, options.concurrency, async (input) => {
        const { result } = await dryRunLine(send, input, options.supplier);
        results.push(result);
        progress.lineDone(result);
      });
    } finally {
      progress.stop();
    }
    results.sort((a, b) => a.line - b.line);
    writeAtomically(output, results.map((result) => resultsLine(result, true)).join(''));
    return {
      lines: inputs.length,
      counts: progress.counts,
      resumedLines: 0,
      resumedNotImported: 0,
      retriedLines: 0,
      notImported: results.filter((result) => result.status !== 'IMPORTED'),
      seconds: (Date.now() - started) / 1000,
      resultsFile: output,
    };
  }

  const journal = new Journal(journalFile(options.stateDir));
  try {
    // The last final result of each line whose text is unchanged: that line is done.
    const finished = new Map(
      latestResults(journal.entries)
        .filter((entry) => entry.final)
        .map((entry) => [entry.line, entry]),
    );
    const doneBefore = (input: InputLine) => {
      const entry = finished.get(input.line);
      return entry?.hash === input.hash ? entry.result : undefined;
    };
    const retried = (input: InputLine) => {
      const status = doneBefore(input)?.status;
      return status !== undefined && status !== 'IMPORTED' && options.retry?.has(status) === true;
    };
    // Lines done by an earlier run are skipped only if the target still holds them.
    const doneLines = inputs.map(doneBefore).filter((result) => result !== undefined);
    await checkTargetHolds(client, options.supplier, options.stateDir, doneLines);
    const pending = inputs.filter((input) => !doneBefore(input) || retried(input));
    const pendingLines = new Set(pending);
    const resumed = inputs.filter((input) => !pendingLines.has(input));
    const done = emptyCounts();
    for (const input of resumed) done[(doneBefore(input) as LineResult).status]++;
    const progress = new Progress({ lines: inputs.length, done });
    try {
      await pool(pending, options.concurrency, async (input) => {
        const { result, final } = input.account
          ? await loadAccount(
              client,
              journal,
              input as InputLine & { account: LineAccount },
              options.supplier,
              {
                retryRefused: retried(input),
              },
            )
          : { result: invalidLineResult(input), final: true };
        journal.append({ line: input.line, hash: input.hash, result, final });
        progress.lineDone(result);
      });
    } finally {
      progress.stop();
    }

    const current = new Map(inputs.map((input) => [input.line, input.hash]));
    const results = latestResults(journal.entries).filter((entry) => current.get(entry.line) === entry.hash);
    writeAtomically(output, results.map((entry) => `${JSON.stringify(entry.result)}\n`).join(''));
    const counts = emptyCounts();
    for (const entry of results) counts[entry.result.status]++;
    return {
      lines: inputs.length,
      counts,
      resumedLines: resumed.length,
      resumedNotImported: done.PARTIAL + done.FAILED,
      retriedLines: pending.filter(retried).length,
      notImported: results.map((entry) => entry.result).filter((result) => result.status !== 'IMPORTED'),
      seconds: (Date.now() - started) / 1000,
      resultsFile: output,
    };
  } finally {
    journal.close();
  }
}

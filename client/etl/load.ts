import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resultsLine } from '../../functions/rules/bulk-jobs/line-result.js';
import { dryRunLine, invalidLineResult } from '../../functions/rules/bulk-jobs/load-line.js';
import type { DataImportClient } from '../data-import-client.js';
import { type AccountBundle, type InputLine, readBundles } from './bundle.js';
import { Journal, type LineResult, latestResults } from './journal.js';
import { httpStepSender, loadAccount } from './load-account.js';
import { emptyCounts, Progress, type StatusCounts } from './progress.js';

export interface LoadOptions {
  file: string;
  supplier: string;
  concurrency: number;
  stateDir: string;
  dryRun: boolean;
}

export interface LoadSummary {
  lines: number;
  counts: StatusCounts;
  resumedLines: number;
  seconds: number;
  resultsFile: string;
}

export const journalFile = (stateDir: string) => path.join(stateDir, 'journal.ndjson');
export const resultsFile = (stateDir: string) => path.join(stateDir, 'results.ndjson');

/** Writes a file whole or not at all (a crash leaves the previous version). */
export function writeAtomically(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/** Runs `work` over `items` with at most `concurrency` in flight. */
async function pool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/**
 * `etl load`: every line of the file through the API with bounded concurrency (each
 * account's steps in order), journaled so that the same command continues where a stopped
 * run left off. Lines whose last result is final (nothing transient in it) are not run again;
 * `results.ndjson` is rebuilt from the journal at the end.
 */
export async function load(client: DataImportClient, options: LoadOptions): Promise<LoadSummary> {
  mkdirSync(options.stateDir, { recursive: true });
  const started = Date.now();
  const inputs = readBundles(options.file);
  const output = resultsFile(options.stateDir);

  if (options.dryRun) {
    const results: LineResult[] = [];
    const send = httpStepSender(client);
    const progress = new Progress(inputs.length, 0);
    await pool(inputs, options.concurrency, async (input) => {
      const result = await dryRunLine(send, input, options.supplier);
      results.push(result);
      progress.tick(result, 0);
    });
    progress.stop();
    results.sort((a, b) => a.line - b.line);
    writeAtomically(output, results.map((result) => resultsLine(result, true)).join(''));
    return {
      lines: inputs.length,
      counts: progress.counts,
      resumedLines: 0,
      seconds: (Date.now() - started) / 1000,
      resultsFile: output,
    };
  }

  const journal = new Journal(journalFile(options.stateDir));
  try {
    const finalHashes = new Map(
      latestResults(journal.entries)
        .filter((entry) => entry.final)
        .map((entry) => [entry.line, entry.hash]),
    );
    const pending = inputs.filter((input) => finalHashes.get(input.line) !== input.hash);
    const resumedLines = inputs.length - pending.length;
    const progress = new Progress(inputs.length, resumedLines);
    await pool(pending, options.concurrency, async (input) => {
      const { result, final } = input.bundle
        ? await loadAccount(client, journal, input as InputLine & { bundle: AccountBundle }, options.supplier)
        : { result: invalidLineResult(input), final: true };
      journal.append({ line: input.line, hash: input.hash, result, final });
      progress.tick(result, input.bundle?.transactions?.length ?? 0);
    });
    progress.stop();

    const current = new Map(inputs.map((input) => [input.line, input.hash]));
    const results = latestResults(journal.entries).filter((entry) => current.get(entry.line) === entry.hash);
    writeAtomically(output, results.map((entry) => `${JSON.stringify(entry.result)}\n`).join(''));
    const counts = emptyCounts();
    for (const entry of results) counts[entry.result.status]++;
    return {
      lines: inputs.length,
      counts,
      resumedLines,
      seconds: (Date.now() - started) / 1000,
      resultsFile: output,
    };
  } finally {
    journal.close();
  }
}

import { closeSync, existsSync, fsyncSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import type { LineResult, StepEntry } from '../../functions/rules/bulk-jobs/line-result.js';

export type { LineResult, StepEntry, StepError } from '../../functions/rules/bulk-jobs/line-result.js';

/** A line finished; `final` when running it again cannot change it (no transient failure in it). */
export interface ResultEntry {
  line: number;
  hash: string;
  result: LineResult;
  final: boolean;
}

export type JournalEntry = StepEntry | ResultEntry;

/**
 * The load's journal: append-only NDJSON, each entry written and fsynced before the loader
 * moves on, so after a crash (even `kill -9`) every entry it holds is complete. A last line cut
 * short by the crash is dropped when the journal is opened again.
 */
export class Journal {
  private readonly fd: number;
  readonly entries: JournalEntry[];

  constructor(readonly file: string) {
    this.entries = existsSync(file) ? Journal.readAndRepair(file) : [];
    this.fd = openSync(file, 'a');
  }

  private static readAndRepair(file: string): JournalEntry[] {
    const content = readFileSync(file, 'utf8');
    const complete = content.lastIndexOf('\n') + 1;
    if (complete < content.length) truncateSync(file, Buffer.byteLength(content.slice(0, complete)));
    return content
      .slice(0, complete)
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as JournalEntry);
  }

  append(entry: JournalEntry): void {
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    fsyncSync(this.fd);
    this.entries.push(entry);
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** The journal's entries, read without opening it for writing (`status`). */
export function readJournal(file: string): JournalEntry[] {
  if (!existsSync(file)) return [];
  const content = readFileSync(file, 'utf8');
  return content
    .slice(0, content.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as JournalEntry);
}

/** The latest result of each line, in line order. */
export function latestResults(entries: readonly JournalEntry[]): ResultEntry[] {
  const byLine = new Map<number, ResultEntry>();
  for (const entry of entries) if ('result' in entry) byLine.set(entry.line, entry);
  return [...byLine.values()].sort((a, b) => a.line - b.line);
}

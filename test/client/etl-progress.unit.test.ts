import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LineResult } from '../../client/etl/journal.js';
import { loadReport, notImportedLines } from '../../client/etl/load-report.js';
import { emptyCounts, PROGRESS_LINE_INTERVAL_MS, Progress } from '../../client/etl/progress.js';

/** A stderr that is not a terminal: the plain progress line every 5 s. */
function plainStream() {
  const written: string[] = [];
  const stream = {
    isTTY: false,
    write: (text: string) => written.push(text),
  } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

const result = (line: number, status: LineResult['status']): LineResult => ({
  line,
  external_account_number: `LEGACY-${line}`,
  service_account_number: null,
  status,
  errors:
    status === 'IMPORTED'
      ? []
      : [
          { step: 'stage', code: 'account_failed_validation', attr: 'customers.0.mobile', detail: 'bad' },
          { step: 'stage', code: 'required', attr: 'billing_address', detail: 'missing' },
        ],
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Rule: progress is counted in transactions within large lines', () => {
  it('moves with each POST of transactions, before the line ends', () => {
    // Prepare
    const { stream, written } = plainStream();
    const progress = new Progress(
      { lines: 10, transactions: 24_000, done: emptyCounts(), doneTransactions: 0 },
      stream,
    );

    // Act
    progress.transactionsDone(1000, true);
    progress.transactionsDone(1000, true);
    vi.advanceTimersByTime(PROGRESS_LINE_INTERVAL_MS);
    progress.stop();

    // Assess
    expect(written.at(-1)).toContain('0/10 lines');
    expect(written.at(-1)).toContain('2000/24000 transactions');
  });

  it('counts the transactions of a line that stopped before them, so the count reaches the total', () => {
    // Prepare
    const { stream } = plainStream();
    const progress = new Progress(
      { lines: 1, transactions: 3000, done: emptyCounts(), doneTransactions: 0 },
      stream,
    );

    // Act
    progress.transactionsDone(1000, true);
    progress.lineDone(result(1, 'PARTIAL'), 2000);
    progress.stop();

    // Assess
    expect(progress.line()).toContain('1/1 lines (imported 0, partial 1, failed 0), 3000/3000 transactions');
  });
});

describe('Rule: a resumed load shows what the earlier run finished, failures included', () => {
  it('starts from the earlier counts', () => {
    // Prepare
    const { stream } = plainStream();

    // Act
    const progress = new Progress(
      { lines: 10, transactions: 100, done: { IMPORTED: 6, PARTIAL: 0, FAILED: 2 }, doneTransactions: 80 },
      stream,
    );
    progress.stop();

    // Assess
    expect(progress.line()).toContain('8/10 lines (imported 6, partial 0, failed 2), 80/100 transactions');
  });
});

describe('Rule: the end of a run lists the lines that are not IMPORTED', () => {
  it('gives line number, external number, status and the first error of each', () => {
    // Act
    const [line] = notImportedLines([result(7, 'FAILED')]);
    // Assess
    expect(line).toBe(
      '  line 7  LEGACY-7  FAILED  stage: account_failed_validation at customers.0.mobile (+1 more)',
    );
  });

  it('lists at most 20, then says how many more', () => {
    // Act
    const lines = notImportedLines(Array.from({ length: 25 }, (_, index) => result(index + 1, 'PARTIAL')));
    // Assess
    expect(lines).toHaveLength(21);
    expect(lines.at(-1)).toBe('  … and 5 more');
  });

  it('tells how to send PARTIAL and FAILED lines again, only when there are some', () => {
    // Prepare
    const summary = {
      lines: 2,
      counts: { IMPORTED: 1, PARTIAL: 1, FAILED: 0 },
      resumedLines: 0,
      resumedNotImported: 0,
      retriedLines: 0,
      notImported: [result(2, 'PARTIAL')],
      seconds: 1,
      resultsFile: '.etl/ACME/results.ndjson',
    };
    const rerun = 'npm run etl -- load accounts.ndjson --supplier ACME';

    // Act
    const withFailures = loadReport(summary, { dryRun: false, rerun }).join('\n');
    const allImported = loadReport(
      { ...summary, counts: { IMPORTED: 2, PARTIAL: 0, FAILED: 0 }, notImported: [] },
      { dryRun: false, rerun },
    ).join('\n');

    // Assess
    expect(withFailures).toContain(`${rerun} --retry PARTIAL,FAILED`);
    expect(allImported).not.toContain('--retry');
  });
});

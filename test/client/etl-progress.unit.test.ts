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

describe('Rule: progress counts accounts, one a line, as each line ends', () => {
  it('the plain line every 5 s says accounts ended of the total, by status, and accounts per second; no transactions counter', () => {
    // Prepare
    const { stream, written } = plainStream();
    const progress = new Progress({ lines: 10, done: emptyCounts() }, stream);

    // Act
    progress.lineDone(result(1, 'IMPORTED'));
    progress.lineDone(result(2, 'FAILED'));
    vi.advanceTimersByTime(PROGRESS_LINE_INTERVAL_MS);
    progress.stop();

    // Assess
    expect(written.at(-1)).toMatch(
      /^progress: 2\/10 accounts \(imported 1, failed 1\), [\d.]+ accounts\/s\n$/,
    );
    expect(written.join('')).not.toContain('transactions');
  });
});

describe('Rule: a resumed load shows what the earlier run finished, failures included', () => {
  it('starts from the earlier counts', () => {
    // Prepare
    const { stream } = plainStream();

    // Act
    const progress = new Progress({ lines: 10, done: { IMPORTED: 6, PARTIAL: 0, FAILED: 2 } }, stream);
    progress.stop();

    // Assess
    expect(progress.line()).toContain('8/10 accounts (imported 6, failed 2)');
  });

  it('a PARTIAL line an earlier run journaled (before loading had only stage and process) is still shown', () => {
    // Prepare
    const { stream } = plainStream();

    // Act
    const progress = new Progress({ lines: 3, done: { IMPORTED: 1, PARTIAL: 1, FAILED: 0 } }, stream);
    progress.stop();

    // Assess
    expect(progress.line()).toContain('2/3 accounts (imported 1, partial 1, failed 0)');
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

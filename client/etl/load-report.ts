import type { LoadSummary } from './load.js';
import type { ResultsLine } from './results-file.js';
import type { SubmitSummary } from './submit.js';

/** At most this many lines are listed at the end of a run; `results.ndjson` has them all. */
export const LISTED_LINES = 20;

/** One line per line that is not IMPORTED: line number, account, status and its first error. */
export function notImportedLines(results: readonly ResultsLine[], limit = LISTED_LINES): string[] {
  const lines = results.slice(0, limit).map((result) => {
    const [first] = result.errors;
    const where = first
      ? `${first.step}: ${first.code}${first.attr ? ` at ${first.attr}` : ''}`
      : result.status === 'NOT_PROCESSED'
        ? 'the job was aborted before it'
        : 'no error';
    const more = result.errors.length > 1 ? ` (+${result.errors.length - 1} more)` : '';
    return `  line ${result.line}  ${result.external_account_number ?? '(no account number)'}  ${result.status}  ${where}${more}`;
  });
  if (results.length > limit) lines.push(`  … and ${results.length - limit} more`);
  return lines;
}

/**
 * What `etl load` prints at the end, on stdout: the totals, the count per status, the lines
 * that are not IMPORTED with their first error, where the results are, and how to send the
 * PARTIAL and FAILED lines again once their cause is fixed.
 */
export function loadReport(summary: LoadSummary, command: { dryRun: boolean; rerun: string }): string[] {
  const resumed =
    summary.resumedLines > 0
      ? `; ${summary.resumedLines} already done by an earlier run, not sent again` +
        (summary.resumedNotImported > 0 ? ` (${summary.resumedNotImported} of them PARTIAL or FAILED)` : '')
      : '';
  const retried = summary.retriedLines > 0 ? `; ${summary.retriedLines} sent again (--retry)` : '';
  const lines = [
    `${command.dryRun ? 'dry run' : 'load'} finished: ${summary.lines} lines in ${summary.seconds.toFixed(1)} s${resumed}${retried}`,
    ...Object.entries(summary.counts).map(([status, count]) => `${status.padEnd(9)} ${count}`),
  ];
  if (summary.notImported.length > 0) {
    lines.push(
      'lines not IMPORTED (line, account, status, first error):',
      ...notImportedLines(summary.notImported),
    );
  }
  lines.push(`results: ${summary.resultsFile}`);
  if (summary.notImported.length > 0 && !command.dryRun) {
    lines.push(
      'Once their cause is fixed outside the file (such as the supplier resumed), ' +
        `send those lines again: ${command.rerun} --retry PARTIAL,FAILED. A line you edit in the file is sent again without it.`,
    );
  }
  return lines;
}

/**
 * What `etl submit` prints at the end, on stdout, as `load` prints its own: the job and its
 * totals, its error if it has one, the count per status, the lines that are not IMPORTED with
 * their first error, and where the results are.
 */
export function submitReport(summary: SubmitSummary, command: { dryRun: boolean }): string[] {
  const { job } = summary;
  const counts = {
    IMPORTED: job.lines.imported,
    PARTIAL: job.lines.partial,
    FAILED: job.lines.failed,
    NOT_PROCESSED: job.lines.not_processed,
  };
  const lines = [
    `job ${job.job_id} ${job.state}: ${job.lines.total ?? 0} lines in ${summary.seconds.toFixed(1)} s${command.dryRun ? ' (dry run)' : ''}`,
    ...(job.error ? [`error: ${job.error.code}: ${job.error.detail}`] : []),
    ...Object.entries(counts).map(([status, count]) => `${status.padEnd(9)} ${count}`),
  ];
  if (summary.notImported.length > 0) {
    lines.push(
      'lines not IMPORTED (line, account, status, first error):',
      ...notImportedLines(summary.notImported),
    );
  }
  if (summary.resultsFile) lines.push(`results: ${summary.resultsFile}`);
  return lines;
}

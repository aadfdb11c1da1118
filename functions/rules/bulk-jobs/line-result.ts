/**
 * What loading one line came to, as a `results.ndjson` line shows it: the ETL CLI writes one per
 * input line, and a bulk job's results object holds the same lines (plus `NOT_PROCESSED` for
 * lines an abort left). `PARTIAL` stays in the results' contract (the created account exists, a
 * later step the service could not finish is reported), but loading a line today has no step
 * after creation (load-line.ts: stage → process), so no load produces it; a journal or results
 * file written before may still hold it.
 */
export type LineStatus = 'IMPORTED' | 'PARTIAL' | 'FAILED';

export interface LineResult {
  line: number;
  external_account_number: string | null;
  service_account_number: string | null;
  status: LineStatus;
  errors: StepError[];
}

/** A line no loader started (a bulk job aborted before it). */
export interface NotProcessedLine {
  line: number;
  external_account_number: string | null;
  service_account_number: null;
  status: 'NOT_PROCESSED';
  errors: [];
}

export interface StepError {
  step: string;
  code: string;
  attr: string | null;
  detail: string;
}

/** A step done (`ok`) or refused for good (a 4xx), never a step that may succeed if sent again. */
export interface StepEntry {
  line: number;
  hash: string;
  step: string;
  ok: boolean;
  service_account_number?: string;
  errors?: StepError[];
}

export function notProcessedLine(line: number, externalAccountNumber: string | null): NotProcessedLine {
  return {
    line,
    external_account_number: externalAccountNumber,
    service_account_number: null,
    status: 'NOT_PROCESSED',
    errors: [],
  };
}

/** A dry run's results line carries `dry_run: true`, as the CLI's `--dry-run` writes it. */
export function resultsLine(result: LineResult | NotProcessedLine, dryRun: boolean): string {
  return `${JSON.stringify(dryRun ? { ...result, dry_run: true } : result)}\n`;
}

/** A line over the size limit is never read: it fails as too large, whatever it holds. */
export function lineTooLargeResult(line: number, maxBytes: number): LineResult {
  return {
    line,
    external_account_number: null,
    service_account_number: null,
    status: 'FAILED',
    errors: [
      {
        step: 'parse',
        code: 'line_too_large',
        attr: null,
        detail: `The line is longer than ${maxBytes} bytes; it was not read.`,
      },
    ],
  };
}

/**
 * A line whose run threw (a defect, not an answer of the API): it ends FAILED with
 * `line_failed`, and the chunk goes on with its other lines.
 */
export function lineFailedResult(
  line: number,
  externalAccountNumber: string | null,
  error: unknown,
): LineResult {
  const name = error instanceof Error ? error.name : typeof error;
  return {
    line,
    external_account_number: externalAccountNumber,
    service_account_number: null,
    status: 'FAILED',
    errors: [
      {
        step: 'run',
        code: 'line_failed',
        attr: null,
        detail: `The line could not be run (${name}); the steps before the failure stay as they were answered. Check the line, then load it again.`,
      },
    ],
  };
}

/**
 * A step of the line was refused because its supplier was paused while the line ran: the line
 * did not run whole, and it runs again once the supplier is Ongoing (a pause stops new lines, it
 * does not cut those in flight).
 */
export const wasCutByPause = (result: LineResult) =>
  result.errors.some((error) => error.code === 'import_supplier_paused');

import cliProgress from 'cli-progress';
import type { LineResult } from './journal.js';

export type StatusCounts = Record<LineResult['status'], number>;

export const emptyCounts = (): StatusCounts => ({ IMPORTED: 0, PARTIAL: 0, FAILED: 0 });

/** How often the plain progress line is printed when stderr is not a terminal. */
export const PROGRESS_LINE_INTERVAL_MS = 5000;

/** Where a load starts: its lines (one account each), and what an earlier run already finished. */
export interface ProgressStart {
  lines: number;
  /** Lines an earlier run finished (not sent again), with their statuses. */
  done: StatusCounts;
}

/**
 * Progress of a load on stderr: a bar on a terminal, a plain line every 5 s otherwise (logs,
 * CI). It counts lines, one account each, and the accounts per second this run loaded. The
 * counts include the lines an earlier run finished, so a resumed load shows the failures it had
 * before.
 */
export class Progress {
  private readonly bar: cliProgress.SingleBar | undefined;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly started = Date.now();
  private lines: number;
  /** Lines this run ended (the rate). */
  private ended = 0;
  readonly counts: StatusCounts;

  constructor(
    private readonly start: ProgressStart,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.counts = { ...start.done };
    this.lines = Object.values(start.done).reduce((sum, count) => sum + count, 0);
    if (stream.isTTY) {
      this.bar = new cliProgress.SingleBar(
        { format: 'load [{bar}] {percentage}% | {progress} | {eta_formatted} left', stream },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(Math.max(start.lines, 1), this.lines, { progress: this.text() });
    } else {
      this.timer = setInterval(
        () => this.stream.write(`progress: ${this.text()}\n`),
        PROGRESS_LINE_INTERVAL_MS,
      );
      this.timer.unref();
    }
  }

  private text(): string {
    const seconds = (Date.now() - this.started) / 1000;
    const rate = (this.ended / Math.max(seconds, 0.001)).toFixed(1);
    const { IMPORTED, PARTIAL, FAILED } = this.counts;
    const partial = PARTIAL > 0 ? `, partial ${PARTIAL}` : '';
    return (
      `${this.lines}/${this.start.lines} accounts (imported ${IMPORTED}${partial}, failed ${FAILED}), ` +
      `${rate} accounts/s`
    );
  }

  /** A line ended. */
  lineDone(result: LineResult): void {
    this.lines++;
    this.ended++;
    this.counts[result.status]++;
    this.bar?.update(this.lines, { progress: this.text() });
  }

  /** The plain progress line as it stands (also printed at the end on a terminal-less run). */
  line(): string {
    return `progress: ${this.text()}`;
  }

  stop(): void {
    this.bar?.stop();
    if (this.timer) clearInterval(this.timer);
  }
}

/** A bulk job's counts, as its job object reports them. */
export interface JobCounts {
  total: number | null;
  imported: number;
  partial: number;
  failed: number;
  not_processed: number;
}

/**
 * Progress of a bulk job (`etl submit`) on stderr, from the job object the service reports: a bar
 * on a terminal, a plain line every 5 s otherwise, as a load shows its own.
 */
export class JobProgress {
  private readonly bar: cliProgress.SingleBar | undefined;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly started = Date.now();
  private counts: JobCounts = { total: null, imported: 0, partial: 0, failed: 0, not_processed: 0 };

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {
    if (stream.isTTY) {
      this.bar = new cliProgress.SingleBar(
        { format: 'job [{bar}] {percentage}% | {progress} | {eta_formatted} left', stream },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(1, 0, { progress: this.text() });
    } else {
      this.timer = setInterval(() => this.stream.write(`${this.line()}\n`), PROGRESS_LINE_INTERVAL_MS);
      this.timer.unref();
    }
  }

  private done(): number {
    const { imported, partial, failed, not_processed } = this.counts;
    return imported + partial + failed + not_processed;
  }

  private text(): string {
    const { total, imported, partial, failed, not_processed } = this.counts;
    const seconds = Math.max((Date.now() - this.started) / 1000, 0.001);
    const notProcessed = not_processed > 0 ? `, not processed ${not_processed}` : '';
    return (
      `${this.done()}/${total ?? '?'} lines (imported ${imported}, partial ${partial}, failed ${failed}${notProcessed}), ` +
      `${(this.done() / seconds).toFixed(1)} lines/s`
    );
  }

  /** The job's counts as they stand (`total` is null until the service has read the file). */
  show(counts: JobCounts): void {
    this.counts = counts;
    if (counts.total !== null) this.bar?.setTotal(Math.max(counts.total, 1));
    this.bar?.update(this.done(), { progress: this.text() });
  }

  line(): string {
    return `progress: ${this.text()}`;
  }

  stop(): void {
    this.bar?.stop();
    if (this.timer) clearInterval(this.timer);
  }
}

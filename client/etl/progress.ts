import cliProgress from 'cli-progress';
import type { LineResult } from './journal.js';

export type StatusCounts = Record<LineResult['status'], number>;

export const emptyCounts = (): StatusCounts => ({ IMPORTED: 0, PARTIAL: 0, FAILED: 0 });

/** How often the plain progress line is printed when stderr is not a terminal. */
export const PROGRESS_LINE_INTERVAL_MS = 5000;

/** Where a load starts: its lines and transactions, and what an earlier run already finished. */
export interface ProgressStart {
  lines: number;
  transactions: number;
  /** Lines an earlier run finished (not sent again), with their statuses. */
  done: StatusCounts;
  /** The transactions of those lines. */
  doneTransactions: number;
}

/**
 * Progress of a load on stderr: a bar on a terminal, a plain line every 5 s otherwise (logs,
 * CI). It counts lines and, within them, transactions: a line of 24 000 transactions moves the
 * count after each POST of them, not only when the line ends. The counts include the lines an
 * earlier run finished, so a resumed load shows the failures it had before.
 */
export class Progress {
  private readonly bar: cliProgress.SingleBar | undefined;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly started = Date.now();
  private lines: number;
  /** Transactions answered, or given up with their line. */
  private transactions: number;
  /** Transactions this run posted (the rate). */
  private posted = 0;
  readonly counts: StatusCounts;

  constructor(
    private readonly start: ProgressStart,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.counts = { ...start.done };
    this.lines = Object.values(start.done).reduce((sum, count) => sum + count, 0);
    this.transactions = start.doneTransactions;
    if (stream.isTTY) {
      this.bar = new cliProgress.SingleBar(
        { format: 'load [{bar}] {percentage}% | {progress} | {eta_formatted} left', stream },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(this.units(start.lines, start.transactions), this.doneUnits(), {
        progress: this.text(),
      });
    } else {
      this.timer = setInterval(
        () => this.stream.write(`progress: ${this.text()}\n`),
        PROGRESS_LINE_INTERVAL_MS,
      );
      this.timer.unref();
    }
  }

  /** The bar's units: one per line, one per transaction. */
  private units(lines: number, transactions: number): number {
    return lines + transactions;
  }

  private doneUnits(): number {
    return this.units(this.lines, this.transactions);
  }

  private text(): string {
    const seconds = (Date.now() - this.started) / 1000;
    const rate = (this.posted / Math.max(seconds, 0.001)).toFixed(0);
    const { IMPORTED, PARTIAL, FAILED } = this.counts;
    return (
      `${this.lines}/${this.start.lines} lines (imported ${IMPORTED}, partial ${PARTIAL}, failed ${FAILED}), ` +
      `${this.transactions}/${this.start.transactions} transactions, ${rate} transactions/s`
    );
  }

  private redraw(): void {
    this.bar?.update(this.doneUnits(), { progress: this.text() });
  }

  /** A POST of `count` transactions was answered (`sent`), or the journal held its answer. */
  transactionsDone(count: number, sent: boolean): void {
    this.transactions += count;
    if (sent) this.posted += count;
    this.redraw();
  }

  /** A line ended; `unposted` of its transactions were never answered (the line stopped before them). */
  lineDone(result: LineResult, unposted: number): void {
    this.lines++;
    this.transactions += unposted;
    this.counts[result.status]++;
    this.redraw();
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

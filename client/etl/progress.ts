import cliProgress from 'cli-progress';
import type { LineResult } from './journal.js';

export type StatusCounts = Record<LineResult['status'], number>;

export const emptyCounts = (): StatusCounts => ({ IMPORTED: 0, PARTIAL: 0, FAILED: 0 });

/**
 * Progress on stderr: a bar on a terminal, a plain line every 5 s otherwise (logs, CI). A load
 * calls `tick` after each finished line; a bulk job's watcher calls `show` with the job's counts.
 */
export class Progress {
  private bar: cliProgress.SingleBar | undefined;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly started = Date.now();
  private done = 0;
  private transactions = 0;
  private notProcessed = 0;
  readonly counts = emptyCounts();

  constructor(
    private total: number,
    alreadyDone: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
    /** What the plain line's rate counts: a load knows its transactions, a bulk job its lines. */
    private readonly rateOf: 'transactions' | 'lines' = 'transactions',
    label = 'load',
  ) {
    this.done = alreadyDone;
    if (stream.isTTY) {
      this.bar = new cliProgress.SingleBar(
        { format: `${label} [{bar}] {value}/{total} lines | {eta_formatted} left | {counts}`, stream },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(total, alreadyDone, { counts: '' });
    } else {
      this.timer = setInterval(() => this.stream.write(`${this.line()}\n`), 5000);
      this.timer.unref();
    }
  }

  private countsText(): string {
    const notProcessed = this.notProcessed > 0 ? `, not processed ${this.notProcessed}` : '';
    return `imported ${this.counts.IMPORTED}, partial ${this.counts.PARTIAL}, failed ${this.counts.FAILED}${notProcessed}`;
  }

  private line(): string {
    const seconds = Math.max((Date.now() - this.started) / 1000, 0.001);
    const rate = this.rateOf === 'lines' ? this.done / seconds : this.transactions / seconds;
    const total = this.total > 0 ? String(this.total) : '?';
    return `progress: ${this.done}/${total} lines (${this.countsText()}), ${rate.toFixed(this.rateOf === 'lines' ? 1 : 0)} ${this.rateOf}/s`;
  }

  tick(result: LineResult, transactions: number): void {
    this.done++;
    this.transactions += transactions;
    this.counts[result.status]++;
    this.bar?.update(this.done, { counts: this.countsText() });
  }

  /** Counts as a bulk job reports them; `total` once the job has read its file. */
  show(total: number | null, counts: StatusCounts & { NOT_PROCESSED: number }): void {
    const { NOT_PROCESSED, ...lineCounts } = counts;
    Object.assign(this.counts, lineCounts);
    this.notProcessed = NOT_PROCESSED;
    this.done = lineCounts.IMPORTED + lineCounts.PARTIAL + lineCounts.FAILED + NOT_PROCESSED;
    if (total !== null && total !== this.total) {
      this.total = total;
      this.bar?.setTotal(total);
    }
    this.bar?.update(this.done, { counts: this.countsText() });
  }

  stop(): void {
    this.bar?.stop();
    if (this.timer) clearInterval(this.timer);
  }
}

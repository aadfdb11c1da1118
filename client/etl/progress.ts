import cliProgress from 'cli-progress';
import type { LineResult } from './journal.js';

export type StatusCounts = Record<LineResult['status'], number>;

export const emptyCounts = (): StatusCounts => ({ IMPORTED: 0, PARTIAL: 0, FAILED: 0 });

/**
 * Progress of a load on stderr: a bar on a terminal, a plain line every 5 s otherwise (logs,
 * CI). `tick` after each finished line.
 */
export class Progress {
  private readonly bar: cliProgress.SingleBar | undefined;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly started = Date.now();
  private done = 0;
  private transactions = 0;
  readonly counts = emptyCounts();

  constructor(
    private readonly total: number,
    alreadyDone: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.done = alreadyDone;
    if (stream.isTTY) {
      this.bar = new cliProgress.SingleBar(
        { format: 'load [{bar}] {value}/{total} lines | {eta_formatted} left | {counts}', stream },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(total, alreadyDone, { counts: '' });
    } else {
      this.timer = setInterval(() => this.stream.write(`${this.line()}\n`), 5000);
      this.timer.unref();
    }
  }

  private countsText(): string {
    return `imported ${this.counts.IMPORTED}, partial ${this.counts.PARTIAL}, failed ${this.counts.FAILED}`;
  }

  private line(): string {
    const seconds = (Date.now() - this.started) / 1000;
    return `progress: ${this.done}/${this.total} lines (${this.countsText()}), ${(this.transactions / Math.max(seconds, 0.001)).toFixed(0)} transactions/s`;
  }

  tick(result: LineResult, transactions: number): void {
    this.done++;
    this.transactions += transactions;
    this.counts[result.status]++;
    this.bar?.update(this.done, { counts: this.countsText() });
  }

  stop(): void {
    this.bar?.stop();
    if (this.timer) clearInterval(this.timer);
  }
}

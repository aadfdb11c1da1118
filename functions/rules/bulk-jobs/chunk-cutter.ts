import { isBlankLine } from './account-bundle.js';
import { MAX_LINE_BYTES } from './bulk-job.js';
import { type Chunk, type ChunkLine, MAX_CHUNK_BYTES, MAX_LINES_PER_CHUNK } from './engine.js';

/**
 * Where the reader stands in the input: `offset` is the first byte of line number `line` (or the
 * end of the input), `chunk` the number of the next chunk, `lines` the non-blank lines before.
 */
export interface ReadPosition {
  offset: number;
  line: number;
  chunk: number;
  lines: number;
}

export const START: ReadPosition = { offset: 0, line: 1, chunk: 0, lines: 0 };

/** A chunk, and where the reader stands once it is sent. */
export interface CutChunk extends Chunk {
  next: ReadPosition;
}

/** A line longer than this is never blank for the reader (only whitespace would make it blank). */
const BLANK_CHECK_BYTES = 4096;

/** Bytes that are ASCII but not whitespace: a line holding one is not blank. */
function firstNonBlankByte(bytes: Buffer, from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    const byte = bytes[index] as number;
    if (byte < 0x80 && byte !== 0x20 && (byte < 0x09 || byte > 0x0d)) return true;
  }
  return false;
}

/**
 * Cuts an input read as a stream of byte buffers into chunks of consecutive non-blank lines,
 * numbered as the file numbers its lines (split on `\n`, as the ETL CLI splits them; a line
 * that is whitespace only is skipped, as the CLI skips it). A chunk closes when it holds
 * MAX_LINES_PER_CHUNK lines or spans `targetBytes`; a line over MAX_LINE_BYTES is a chunk of
 * its own (never read: it fails as too large), and no chunk spans more than MAX_CHUNK_BYTES.
 *
 * Where a chunk closes depends only on the lines from its first one, so a reader that starts
 * again at a chunk's `next` position cuts exactly the chunks it cut before.
 */
export class ChunkCutter {
  private offset: number;
  private line: number;
  private nextChunk: number;
  private lines: number;
  private lineStart: number;
  private lineLength = 0;
  /** The current line holds an ASCII byte that is not whitespace. */
  private lineIsText = false;
  /** The current line's bytes, kept only while it may still be blank. */
  private lineBytes: Buffer[] = [];
  private open: ChunkLine[] = [];

  constructor(
    from: ReadPosition,
    private readonly targetBytes: number,
  ) {
    this.offset = from.offset;
    this.line = from.line;
    this.nextChunk = from.chunk;
    this.lines = from.lines;
    this.lineStart = from.offset;
  }

  /** The chunks these bytes (the input's next ones) close. */
  push(bytes: Buffer): CutChunk[] {
    const closed: CutChunk[] = [];
    let from = 0;
    while (from < bytes.length) {
      const newline = bytes.indexOf(0x0a, from);
      const to = newline < 0 ? bytes.length : newline;
      this.take(bytes, from, to);
      if (newline < 0) break;
      this.endLine(closed, true);
      from = newline + 1;
    }
    this.offset += bytes.length;
    return closed;
  }

  /** The chunks the end of the input closes. */
  end(): CutChunk[] {
    const closed: CutChunk[] = [];
    if (this.lineLength > 0) this.endLine(closed, false);
    this.close(closed);
    return closed;
  }

  /** Non-blank lines seen so far (all of them, after `end`). */
  get linesSeen(): number {
    return this.lines;
  }

  /** Chunks cut so far (all of them, after `end`). */
  get chunksCut(): number {
    return this.nextChunk;
  }

  private take(bytes: Buffer, from: number, to: number): void {
    if (to === from) return;
    if (!this.lineIsText) {
      this.lineIsText = firstNonBlankByte(bytes, from, to);
      if (this.lineIsText || this.lineLength + (to - from) > BLANK_CHECK_BYTES) {
        this.lineIsText = true;
        this.lineBytes = [];
      } else {
        this.lineBytes.push(Buffer.from(bytes.subarray(from, to)));
      }
    }
    this.lineLength += to - from;
  }

  private endLine(closed: CutChunk[], newline: boolean): void {
    const span: ChunkLine = { line: this.line, offset: this.lineStart, length: this.lineLength };
    const blank = !this.lineIsText && isBlankLine(Buffer.concat(this.lineBytes).toString('utf8'));
    this.lineStart = span.offset + span.length + (newline ? 1 : 0);
    this.line++;
    this.lineLength = 0;
    this.lineIsText = false;
    this.lineBytes = [];
    if (!blank) this.add(span, closed);
  }

  private add(span: ChunkLine, closed: CutChunk[]): void {
    const first = this.open[0];
    if (span.length > MAX_LINE_BYTES) {
      this.close(closed);
      this.open.push(span);
      this.lines++;
      this.close(closed);
      return;
    }
    if (first && span.offset + span.length - first.offset > MAX_CHUNK_BYTES) this.close(closed);
    this.open.push(span);
    this.lines++;
    const start = (this.open[0] as ChunkLine).offset;
    if (this.open.length >= MAX_LINES_PER_CHUNK || span.offset + span.length - start >= this.targetBytes) {
      this.close(closed);
    }
  }

  private close(closed: CutChunk[]): void {
    const last = this.open.at(-1);
    if (!last) return;
    closed.push({
      chunk: this.nextChunk,
      lines: this.open,
      next: {
        offset: last.offset + last.length + 1,
        line: last.line + 1,
        chunk: this.nextChunk + 1,
        lines: this.lines,
      },
    });
    this.nextChunk++;
    this.open = [];
  }
}

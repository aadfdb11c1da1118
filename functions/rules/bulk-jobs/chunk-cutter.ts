import { MAX_LINE_BYTES } from './bulk-job.js';
import { type Chunk, type ChunkLine, MAX_CHUNK_BYTES, MAX_LINES_PER_CHUNK } from './engine.js';
import { isBlankLine } from './input-line.js';

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

/** Whether bytes hold an ASCII byte that is not whitespace (then the line they belong to is not blank). */
function hasAsciiText(bytes: Buffer, from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    const byte = bytes[index] as number;
    if (byte < 0x80 && byte !== 0x20 && (byte < 0x09 || byte > 0x0d)) return true;
  }
  return false;
}

const CR = 0x0d;

/**
 * Cuts an input read as a stream of byte buffers into chunks of consecutive non-blank lines,
 * numbered as the file numbers its lines (split on `\n`, as the ETL CLI splits them). A line's
 * length excludes its line break, `\r\n` as well as `\n` (a CRLF file's lines are as long as an
 * LF file's). A line that is whitespace only, of any length, is skipped, as the CLI skips it:
 * whether it is blank is decided as its bytes stream past, without keeping them. A chunk closes
 * when it holds MAX_LINES_PER_CHUNK lines or spans `targetBytes`; a line over MAX_LINE_BYTES is a
 * chunk of its own (never read: it fails as too large), and no chunk spans more than
 * MAX_CHUNK_BYTES.
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
  /** The current line holds a character that is not whitespace. */
  private lineIsText = false;
  /** The current line's last byte so far is `\r`. */
  private endsWithCr = false;
  /** Decodes the current line's non-ASCII bytes while it may still be blank (Unicode whitespace). */
  private decoder = new TextDecoder('utf-8');
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
    this.close(closed, this.lineStart, this.line);
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
      this.lineIsText =
        hasAsciiText(bytes, from, to) ||
        !isBlankLine(this.decoder.decode(bytes.subarray(from, to), { stream: true }));
    }
    this.lineLength += to - from;
    this.endsWithCr = bytes[to - 1] === CR;
  }

  private endLine(closed: CutChunk[], newline: boolean): void {
    // Bytes left over by the decoder are an unfinished UTF-8 sequence: not whitespace.
    const blank = !this.lineIsText && isBlankLine(this.decoder.decode());
    // The `\r` of a `\r\n` (or of a last line's `\r`) belongs to the line break, as the loaders read it.
    const cr = this.endsWithCr ? 1 : 0;
    const span: ChunkLine = { line: this.line, offset: this.lineStart, length: this.lineLength - cr };
    this.lineStart = this.lineStart + this.lineLength + (newline ? 1 : 0);
    this.line++;
    this.lineLength = 0;
    this.lineIsText = false;
    this.endsWithCr = false;
    this.decoder = new TextDecoder('utf-8');
    if (!blank) this.add(span, closed);
  }

  /** Adds a line (ended: `lineStart` and `line` are the next line's) to the open chunk. */
  private add(span: ChunkLine, closed: CutChunk[]): void {
    const first = this.open[0];
    if (span.length > MAX_LINE_BYTES) {
      this.close(closed, span.offset, span.line);
      this.open.push(span);
      this.lines++;
      this.close(closed, this.lineStart, this.line);
      return;
    }
    if (first && span.offset + span.length - first.offset > MAX_CHUNK_BYTES) {
      this.close(closed, span.offset, span.line);
    }
    this.open.push(span);
    this.lines++;
    const start = (this.open[0] as ChunkLine).offset;
    if (this.open.length >= MAX_LINES_PER_CHUNK || span.offset + span.length - start >= this.targetBytes) {
      this.close(closed, this.lineStart, this.line);
    }
  }

  /** Closes the open chunk; the reader then stands at byte `offset`, the first of line `line`. */
  private close(closed: CutChunk[], offset: number, line: number): void {
    if (this.open.length === 0) return;
    closed.push({
      chunk: this.nextChunk,
      lines: this.open,
      next: { offset, line, chunk: this.nextChunk + 1, lines: this.lines },
    });
    this.nextChunk++;
    this.open = [];
  }
}

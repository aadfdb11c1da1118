import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_BYTES } from '../../functions/rules/bulk-jobs/bulk-job.js';
import { ChunkCutter, type CutChunk, START } from '../../functions/rules/bulk-jobs/chunk-cutter.js';
import { MAX_LINES_PER_CHUNK, targetChunkBytes } from '../../functions/rules/bulk-jobs/engine.js';
import { isBlankLine, lineText } from '../../functions/rules/bulk-jobs/input-line.js';

/** Every chunk of `input`, fed to the cutter in pieces cut at `splits`. */
function cut(input: Buffer, targetBytes: number, splits: readonly number[] = [], from = START): CutChunk[] {
  const cutter = new ChunkCutter(from, targetBytes);
  const chunks: CutChunk[] = [];
  let offset = from.offset;
  for (const split of [...splits.filter((s) => s > from.offset && s < input.length)].sort((a, b) => a - b)) {
    chunks.push(...cutter.push(input.subarray(offset, split)));
    offset = split;
  }
  chunks.push(...cutter.push(input.subarray(offset)));
  chunks.push(...cutter.end());
  return chunks;
}

/** What the ETL CLI reads from the same bytes: its non-blank lines, numbered as the file numbers them. */
function cliLines(input: Buffer): { line: number; text: string }[] {
  return input
    .toString('utf8')
    .split('\n')
    .map((text, index) => ({ text: lineText(text), line: index + 1 }))
    .filter(({ text }) => !isBlankLine(text));
}

const lineArbitrary = fc.oneof(
  fc.json({ maxDepth: 2 }),
  fc.constantFrom('', ' ', '\t', '\r', '\u00a0', '\ufeff', '\u2028', 'x\r', '{}'),
  fc.string({ unit: 'binary', maxLength: 40 }).filter((text) => !text.includes('\n')),
);

describe('the reader cuts the lines the ETL CLI reads, numbered as the CLI numbers them', () => {
  it('whatever the bytes and however they arrive, the chunks hold exactly the CLI’s non-blank lines, in order', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { maxLength: 40 }),
        fc.boolean(),
        fc.array(fc.nat({ max: 2000 }), { maxLength: 8 }),
        fc.integer({ min: 1, max: 300 }),
        (lines, trailingNewline, splits, target) => {
          // Prepare
          const input = Buffer.from(lines.join('\n') + (trailingNewline ? '\n' : ''), 'utf8');

          // Act
          const chunks = cut(input, target, splits);

          // Assess
          const spans = chunks.flatMap((chunk) => chunk.lines);
          expect(
            spans.map((span) => ({
              line: span.line,
              text: lineText(input.subarray(span.offset, span.offset + span.length).toString('utf8')),
            })),
          ).toEqual(cliLines(input));
          expect(chunks.map((chunk) => chunk.chunk)).toEqual(chunks.map((_, index) => index));
        },
      ),
    );
  });

  it('a reader that starts again at a chunk’s next position cuts exactly the chunks that followed it', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat({ max: 2000 }), { maxLength: 8 }),
        fc.integer({ min: 1, max: 300 }),
        fc.nat(),
        (lines, splits, target, pick) => {
          // Prepare
          const input = Buffer.from(`${lines.join('\n')}\n`, 'utf8');
          const whole = cut(input, target);
          fc.pre(whole.length > 1);
          const stop = pick % (whole.length - 1);

          // Act
          const resumed = cut(input, target, splits, (whole[stop] as CutChunk).next);

          // Assess
          expect(resumed).toEqual(whole.slice(stop + 1));
        },
      ),
    );
  });
});

describe('chunk sizes', () => {
  it(`a chunk holds at most ${MAX_LINES_PER_CHUNK} lines, and closes once it spans the target bytes`, () => {
    // Prepare
    const input = Buffer.from(Array.from({ length: 250 }, (_, i) => `{"n":${i}}`).join('\n'));

    // Act
    const byCount = cut(input, 1024 * 1024);
    const byBytes = cut(input, 30);

    // Assess
    expect(byCount.map((chunk) => chunk.lines.length)).toEqual([100, 100, 50]);
    expect(byBytes.every((chunk) => chunk.lines.length <= 4)).toBe(true);
  });

  it('a line over 10 MB is a chunk of its own, between the chunks before and after it', () => {
    // Prepare
    const input = Buffer.concat([
      Buffer.from('{"a":1}\n'),
      Buffer.alloc(MAX_LINE_BYTES + 1, 'x'),
      Buffer.from('\n{"b":2}\n'),
    ]);

    // Act
    const chunks = cut(input, 1024 * 1024, [3, 5_000_000]);

    // Assess
    expect(chunks.map((chunk) => chunk.lines.map((line) => [line.line, line.length]))).toEqual([
      [[1, 7]],
      [[2, MAX_LINE_BYTES + 1]],
      [[3, 7]],
    ]);
  });

  it('aims at eight chunks per worker over the file, at most 1 MiB each', () => {
    // Assess
    expect(targetChunkBytes(8_000, 10)).toBe(100);
    expect(targetChunkBytes(5 * 1024 ** 3, 200)).toBe(1024 * 1024);
    expect(targetChunkBytes(0, 10)).toBe(1);
  });
});

describe('a whitespace-only line of any length is blank, as the ETL CLI reads it', () => {
  it('a line of 20 000 bytes of ASCII and Unicode whitespace, arriving in pieces, is skipped and keeps the numbering', () => {
    // Prepare
    const whitespace = ' \t\u00a0\u2028\u3000\ufeff'.repeat(1_600);
    const input = Buffer.from(`{"a":1}\n${whitespace}\n{"b":2}\n`, 'utf8');
    expect(Buffer.byteLength(whitespace)).toBeGreaterThan(20_000);

    // Act
    const chunks = cut(input, 1024 * 1024, [9, 10, 4_000, 4_097, 12_001]);

    // Assess
    expect(chunks.flatMap((chunk) => chunk.lines.map((line) => line.line))).toEqual([1, 3]);
  });

  it('a long line of whitespace with one character of text, or an unfinished UTF-8 sequence, is not blank', () => {
    // Prepare
    const text = Buffer.from(`${' '.repeat(9_000)}\u00e9\n${' '.repeat(9_000)}`, 'utf8');
    const unfinished = Buffer.concat([Buffer.from(' '.repeat(9_000)), Buffer.from([0xe2, 0x80])]);

    // Act
    const lines = [...cut(text, 1024 * 1024, [9_000]), ...cut(unfinished, 1024 * 1024)].flatMap((chunk) =>
      chunk.lines.map((line) => line.line),
    );

    // Assess
    expect(lines).toEqual([1, 1]);
  });
});

describe('a line’s length excludes its line break, \\r\\n as well as \\n', () => {
  it('a CRLF line whose text is exactly 10 MiB is read like the same line with LF; one byte more is too large', () => {
    // Prepare
    const text = Buffer.alloc(MAX_LINE_BYTES, 'x');
    const crlf = Buffer.concat([Buffer.from('{"a":1}\r\n'), text, Buffer.from('\r\n{"b":2}\r\n')]);
    const lf = Buffer.concat([Buffer.from('{"a":1}\n'), text, Buffer.from('\n{"b":2}\n')]);
    const longer = Buffer.concat([Buffer.from('{"a":1}\r\n'), text, Buffer.from('y\r\n{"b":2}\r\n')]);

    // Act
    const spans = (input: Buffer) =>
      cut(input, 64 * 1024 * 1024, [4, 9, 5_000_000, MAX_LINE_BYTES + 9]).map((chunk) =>
        chunk.lines.map((line) => [line.line, line.length]),
      );

    // Assess
    expect(spans(crlf)).toEqual([
      [
        [1, 7],
        [2, MAX_LINE_BYTES],
        [3, 7],
      ],
    ]);
    expect(spans(lf)).toEqual(spans(crlf));
    expect(spans(longer)).toEqual([[[1, 7]], [[2, MAX_LINE_BYTES + 1]], [[3, 7]]]);
  });
});

/**
 * The source text of JSON numbers. `JSON.parse` turns `0.1000000000000000000001` into the
 * double 0.1 and `-1E-400` into -0, so a rule such as "at most 2 decimal places" cannot be
 * checked on the parsed value. After a body is parsed, one pass over its text records, for
 * each number whose text is not what `String(value)` gives back, the text it was written with,
 * keyed by the object or array that holds it. Rules look it up with `numberSourceText`.
 */

type Holder = Record<string, unknown> | unknown[];

const textsByHolder = new WeakMap<object, Map<string | number, string>>();

/** The text a number of this holder was written with, when it differs from `String(value)`. */
export function numberSourceText(holder: object, key: string | number): string | undefined {
  return textsByHolder.get(holder)?.get(key);
}

interface Frame {
  holder: Holder;
  /** Object: the key being read (`undefined` while a key is expected). Array: the index. */
  key: string | number | undefined;
}

function record(frame: Frame | undefined, text: string): void {
  if (!frame || frame.key === undefined || String(Number(text)) === text) return;
  let texts = textsByHolder.get(frame.holder);
  if (!texts) {
    texts = new Map();
    textsByHolder.set(frame.holder, texts);
  }
  texts.set(frame.key, text);
}

/** The parsed container a `{` or `[` opens (a throw-away one when a duplicate key replaced it). */
function containerAt(frame: Frame | undefined, parsed: unknown, array: boolean): Holder {
  const value = frame ? (frame.holder as Record<string | number, unknown>)[frame.key as string] : parsed;
  if (array) return Array.isArray(value) ? value : [];
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** End (exclusive) of the string token that starts at `start` (its opening quote). */
function stringEnd(raw: string, start: number): number {
  let end = raw.indexOf('"', start + 1);
  for (;;) {
    let backslashes = 0;
    while (raw.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return end + 1;
    end = raw.indexOf('"', end + 1);
  }
}

/**
 * A number token whose text `String(value)` may not give back: an exponent, a fraction ending
 * in 0, 16 or more digits, or a negative zero. A body with none (the usual case) needs no pass.
 * Matches inside strings only cost the pass.
 */
const MAYBE_UNCANONICAL = /\d[eE][-+]?\d|\.\d*0(?!\d)|\d[\d.]{15}|-0(?![\d.])/;

/**
 * Records the source text of the numbers of `parsed`, which `JSON.parse(raw)` returned (so
 * `raw` is valid JSON). Iterative: nesting depth costs no stack. With a duplicate key the
 * last occurrence wins, as in `JSON.parse`.
 */
export function recordNumberSourceTexts(raw: string, parsed: unknown): void {
  if (parsed === null || typeof parsed !== 'object' || !MAYBE_UNCANONICAL.test(raw)) return;
  const stack: Frame[] = [];
  let top: Frame | undefined;
  let i = 0;
  while (i < raw.length) {
    const c = raw.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) {
      // { or [
      const holder = containerAt(top, parsed, c === 0x5b);
      if (top) stack.push(top);
      top = { holder, key: c === 0x5b ? 0 : undefined };
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      // } or ]
      top = stack.pop();
      i++;
    } else if (c === 0x2c) {
      // ,
      if (top) top.key = Array.isArray(top.holder) ? (top.key as number) + 1 : undefined;
      i++;
    } else if (c === 0x22) {
      // "
      const end = stringEnd(raw, i);
      if (top && !Array.isArray(top.holder) && top.key === undefined) {
        const quoted = raw.slice(i + 1, end - 1);
        top.key = quoted.includes('\\') ? (JSON.parse(`"${quoted}"`) as string) : quoted;
      }
      i = end;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      // - or a digit: the number runs to the next character that cannot be part of one
      let end = i + 1;
      while (end < raw.length && isNumberCharacter(raw.charCodeAt(end))) end++;
      record(top, raw.slice(i, end));
      i = end;
    } else {
      i++; // whitespace, ':', and the letters of true, false, null
    }
  }
}

/** Digits, `.`, `e`, `E`, `+`, `-`. */
function isNumberCharacter(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}

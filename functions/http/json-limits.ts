import type { FieldError } from '../errors.js';

/**
 * Limits every JSON request body must meet before it reaches a schema or the domain
 * (the request-shape rules). All are about input no documented payload can need:
 *
 * - nesting deeper than MAX_JSON_DEPTH (`too_deeply_nested`): the deepest documented payload
 *   has six levels; unbounded nesting would overflow the stack of recursive code later
 *   (JSON.stringify of an echoed value, loggers), turning a bad request into a 500;
 * - strings (values or keys) holding a lone UTF-16 surrogate (`invalid_unicode`): only a
 *   `\uD800`-style escape can produce one; it is not Unicode text, cannot be stored as UTF-8
 *   and breaks URL encoding (e.g. a payment reference sent to the vendor);
 * - strings (values or keys) holding U+FFFD, the replacement character (`invalid_unicode`):
 *   the body arrives as text, and bytes that are not UTF-8 (invalid or overlong sequences,
 *   surrogates encoded as UTF-8) become U+FFFD when they are decoded, here and in API Gateway
 *   alike. The original text is lost, so it is refused rather than stored as garbage; the
 *   service never stores U+FFFD (a client that means it cannot send it).
 *
 * The walk is iterative, so a hostile body cannot overflow the stack here either.
 */
export const MAX_JSON_DEPTH = 32;

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const REPLACEMENT_CHARACTER = '\ufffd';

/** Why a string is not faithful Unicode text, or undefined when it is. */
function brokenText(value: string): string | undefined {
  if (LONE_SURROGATE.test(value)) return 'holds a lone UTF-16 surrogate';
  if (value.includes(REPLACEMENT_CHARACTER)) {
    return 'holds U+FFFD, the mark of bytes that were not valid UTF-8';
  }
  return undefined;
}

interface Pending {
  value: unknown;
  path: readonly (string | number)[];
}

const attrOf = (path: readonly (string | number)[]) => path.join('.');

/** The first problems found (at most one of each kind), as field errors; [] when the body is fine. */
export function jsonLimitErrors(body: unknown): FieldError[] {
  let tooDeep: FieldError | undefined;
  let badText: FieldError | undefined;
  const stack: Pending[] = [{ value: body, path: [] }];
  while (stack.length > 0 && !(tooDeep && badText)) {
    const { value, path } = stack.pop() as Pending;
    if (typeof value === 'string') {
      const broken = badText ? undefined : brokenText(value);
      if (broken) {
        badText = {
          attr: attrOf(path),
          code: 'invalid_unicode',
          detail: `The text ${broken}; send valid Unicode.`,
        };
      }
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) {
      tooDeep ??= {
        attr: attrOf(path),
        code: 'too_deeply_nested',
        detail: `JSON may be nested at most ${MAX_JSON_DEPTH} levels deep.`,
      };
      continue;
    }
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push({ value: value[index], path: [...path, index] });
      }
    } else {
      for (const [key, child] of Object.entries(value)) {
        const broken = badText ? undefined : brokenText(key);
        if (broken) {
          badText = {
            attr: attrOf([...path, key]),
            code: 'invalid_unicode',
            detail: `The field name ${broken}; send valid Unicode.`,
          };
        }
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return [tooDeep, badText].filter((error): error is FieldError => error !== undefined);
}

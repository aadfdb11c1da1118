import type { FieldError } from '../errors.js';

/**
 * Limits every JSON request body must meet before it reaches a schema or the domain
 * (design.md §3.5: request shape). Both are about input no documented payload can need:
 *
 * - nesting deeper than MAX_JSON_DEPTH (`too_deeply_nested`): the deepest documented payload
 *   has six levels; unbounded nesting would overflow the stack of recursive code later
 *   (JSON.stringify of an echoed value, loggers), turning a bad request into a 500;
 * - strings (values or keys) holding a lone UTF-16 surrogate (`invalid_unicode`): only a
 *   `\uD800`-style escape can produce one; it is not Unicode text, cannot be stored as UTF-8
 *   and breaks URL encoding (e.g. a payment reference sent to the vendor).
 *
 * The walk is iterative, so a hostile body cannot overflow the stack here either.
 */
export const MAX_JSON_DEPTH = 32;

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

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
      if (!badText && LONE_SURROGATE.test(value)) {
        badText = {
          attr: attrOf(path),
          code: 'invalid_unicode',
          detail: 'The text holds a lone UTF-16 surrogate; send valid Unicode.',
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
        if (!badText && LONE_SURROGATE.test(key)) {
          badText = {
            attr: attrOf([...path, key]),
            code: 'invalid_unicode',
            detail: 'The field name holds a lone UTF-16 surrogate; send valid Unicode.',
          };
        }
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return [tooDeep, badText].filter((error): error is FieldError => error !== undefined);
}

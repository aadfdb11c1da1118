/**
 * String tests of EventBridge event patterns, compiled once per pattern: `prefix`, `suffix`,
 * `equals-ignore-case` (alone, and inside `prefix` / `suffix` / `anything-but`) and `wildcard`.
 * They only ever match JSON strings.
 */
export type StringTest = (text: string) => boolean;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each character of the pattern stands for itself, its lower case and its upper case (as
 * EventBridge's engine folds case: `ß` also matches `SS`, `σ` does not match `ς`).
 */
function caselessSource(text: string): string {
  let source = '';
  for (const char of text) {
    const variants = [...new Set([char, char.toLowerCase(), char.toUpperCase()])];
    source += variants.length === 1 ? escapeRegExp(char) : `(?:${variants.map(escapeRegExp).join('|')})`;
  }
  return source;
}

export type TextMatch = 'equals' | 'prefix' | 'suffix';

/** A case-insensitive equals / prefix / suffix test. */
export function caselessTest(text: string, match: TextMatch): StringTest {
  const source = caselessSource(text);
  const anchored = match === 'equals' ? `^${source}$` : match === 'prefix' ? `^${source}` : `${source}$`;
  const expression = new RegExp(anchored, 'su');
  return (value) => expression.test(value);
}

export function exactTextTest(text: string, match: Exclude<TextMatch, 'equals'>): StringTest {
  return match === 'prefix' ? (value) => value.startsWith(text) : (value) => value.endsWith(text);
}

/**
 * Why a wildcard operand is refused, or undefined when it is valid: `*` stands for any run of
 * characters, `\*` for an asterisk and `\\` for a backslash; two `*` in a row and a backslash
 * before anything else (or at the end) are refused, as EventBridge refuses them.
 */
export function wildcardProblem(wildcard: string): string | undefined {
  for (let index = 0; index < wildcard.length; index++) {
    const char = wildcard[index];
    if (char === '*' && wildcard[index + 1] === '*') {
      return `wildcard "${wildcard}" has two * in a row (at ${index})`;
    }
    if (char === '\\') {
      const next = wildcard[index + 1];
      if (next !== '*' && next !== '\\') {
        return `wildcard "${wildcard}": a backslash escapes only * or \\ (at ${index})`;
      }
      index++;
    }
  }
  return undefined;
}

/** A wildcard test; the operand must have passed wildcardProblem. */
export function wildcardTest(wildcard: string): StringTest {
  let source = '';
  for (let index = 0; index < wildcard.length; index++) {
    const char = wildcard[index] as string;
    if (char === '\\') source += escapeRegExp(wildcard[++index] as string);
    else source += char === '*' ? '.*' : escapeRegExp(char);
  }
  const expression = new RegExp(`^${source}$`, 'su');
  return (value) => expression.test(value);
}

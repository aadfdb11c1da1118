/**
 * JSON text of a value parsed from JSON (objects, arrays, strings, numbers, booleans, null),
 * exactly as `JSON.stringify` writes it, at any depth: `JSON.stringify` recurses and throws a
 * RangeError on a value nested some thousands of levels deep (a hostile or broken input line),
 * where this falls back to an iterative walk. A loader can then send such a value, and the API
 * answers it as it answers any body too deeply nested (400 `too_deeply_nested`).
 */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return iterativeJsonText(value);
  }
}

/** A piece of output still to write: literal text, or a value to write. */
type Pending = { text: string } | { value: unknown; inArray: boolean };

function iterativeJsonText(root: unknown): string {
  const out: string[] = [];
  const stack: Pending[] = [{ value: root, inArray: false }];
  while (stack.length > 0) {
    const next = stack.pop() as Pending;
    if ('text' in next) {
      out.push(next.text);
      continue;
    }
    const { value, inArray } = next;
    if (value === null || typeof value !== 'object') {
      // As JSON.stringify: an undefined or a function in an array is null (object members
      // holding one are left out before they get here).
      out.push(JSON.stringify(value) ?? (inArray ? 'null' : ''));
      continue;
    }
    const parts: Pending[] = [];
    if (Array.isArray(value)) {
      parts.push({ text: '[' });
      value.forEach((item, index) => {
        if (index > 0) parts.push({ text: ',' });
        parts.push({ value: item, inArray: true });
      });
      parts.push({ text: ']' });
    } else {
      parts.push({ text: '{' });
      const members = Object.entries(value).filter(
        ([, member]) => member !== undefined && typeof member !== 'function',
      );
      members.forEach(([key, member], index) => {
        parts.push({ text: `${index > 0 ? ',' : ''}${JSON.stringify(key)}:` });
        parts.push({ value: member, inArray: false });
      });
      parts.push({ text: '}' });
    }
    for (let index = parts.length - 1; index >= 0; index--) stack.push(parts[index] as Pending);
  }
  return out.join('');
}

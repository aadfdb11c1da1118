/**
 * Numbers the table can hold. The DynamoDB document client refuses numbers beyond
 * ±Number.MAX_SAFE_INTEGER (it cannot keep their precision) and DynamoDB refuses magnitudes
 * below 1e-130 ("number underflow"). A payload number outside that range would fail the
 * write with a 500 the client can never cure by retrying, so it is a 400 before any write.
 */
const MIN_MAGNITUDE = 1e-130;

export function isStorableNumber(value: number): boolean {
  const magnitude = Math.abs(value);
  return magnitude === 0 || (magnitude >= MIN_MAGNITUDE && magnitude <= Number.MAX_SAFE_INTEGER);
}

export const UNSTORABLE_NUMBER_DETAIL = `Must be 0 or between 1e-130 and ${Number.MAX_SAFE_INTEGER} in magnitude.`;

/** The dot path (under `prefix`) of the first number in `value` the table cannot store. */
export function firstUnstorableNumber(value: unknown, prefix: string): string | undefined {
  const stack: { value: unknown; attr: string }[] = [{ value, attr: prefix }];
  while (stack.length > 0) {
    const next = stack.pop() as { value: unknown; attr: string };
    if (typeof next.value === 'number') {
      if (!isStorableNumber(next.value)) return next.attr;
    } else if (next.value !== null && typeof next.value === 'object') {
      const entries = Array.isArray(next.value)
        ? next.value.map((child, i) => [String(i), child] as const)
        : Object.entries(next.value);
      for (const [key, child] of entries.reverse())
        stack.push({ value: child, attr: next.attr ? `${next.attr}.${key}` : key });
    }
  }
  return undefined;
}

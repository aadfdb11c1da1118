/**
 * The `numeric` operator of EventBridge event patterns: `{"numeric": [">", 0, "<=", 5]}`.
 *
 * Forms: one comparison (`=`, `<`, `<=`, `>`, `>=` and a number), or a range: a lower bound
 * (`>` or `>=`) then an upper bound (`<` or `<=`), the lower below the upper. It matches event
 * values that are JSON numbers, never strings.
 *
 * EventBridge documents numeric matching as limited to values from -1.0e9 to +1.0e9 inclusive,
 * so a bound outside that range is refused and an event value outside it never satisfies a
 * numeric condition (event-ruler, the open-source engine, has since accepted the whole double
 * range; the documentation decides here).
 */
export const NUMERIC_LIMIT = 1e9;

const COMPARISONS = {
  '=': (value: number, bound: number) => value === bound,
  '<': (value: number, bound: number) => value < bound,
  '<=': (value: number, bound: number) => value <= bound,
  '>': (value: number, bound: number) => value > bound,
  '>=': (value: number, bound: number) => value >= bound,
} as const;
type Comparison = keyof typeof COMPARISONS;

const LOWER: readonly string[] = ['>', '>='];
const UPPER: readonly string[] = ['<', '<='];

const isComparison = (operator: unknown): operator is Comparison =>
  typeof operator === 'string' && Object.hasOwn(COMPARISONS, operator);

const FORMS = 'numeric takes [operator, number] (=, <, <=, >, >=) or [">" or ">=", low, "<" or "<=", high]';

/** Compiles a `numeric` operand into a test of one event value; a bad operand throws its reason. */
export function compileNumeric(operand: unknown): (value: unknown) => boolean {
  if (!Array.isArray(operand) || (operand.length !== 2 && operand.length !== 4)) throw new Error(FORMS);
  const checks: [Comparison, number][] = [];
  for (let index = 0; index < operand.length; index += 2) {
    const operator = operand[index];
    const bound = operand[index + 1];
    if (!isComparison(operator)) throw new Error(`${FORMS}; ${JSON.stringify(operator)} is not one`);
    if (typeof bound !== 'number' || !Number.isFinite(bound)) {
      throw new Error(`numeric bounds are JSON numbers; ${JSON.stringify(bound)} is not`);
    }
    if (Math.abs(bound) > NUMERIC_LIMIT) {
      throw new Error(
        `numeric bounds lie within -1e9 and 1e9 (EventBridge's documented limit); ${bound} does not`,
      );
    }
    checks.push([operator, bound]);
  }
  const [low, high] = checks;
  if (high) {
    if (!LOWER.includes(low?.[0] as string) || !UPPER.includes(high[0])) {
      throw new Error(`a numeric range is a lower bound (> or >=) then an upper bound (< or <=)`);
    }
    if ((low?.[1] as number) >= high[1])
      throw new Error('a numeric range needs its lower bound below its upper bound');
  }
  return (value) =>
    typeof value === 'number' &&
    Math.abs(value) <= NUMERIC_LIMIT &&
    checks.every(([operator, bound]) => COMPARISONS[operator](value, bound));
}

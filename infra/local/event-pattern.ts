import {
  ConditionError,
  compileConditions,
  type FieldConditions,
  type Leaf,
} from './event-pattern-conditions.js';

/**
 * EventBridge event patterns (content filtering), compiled once and then matched without ever
 * throwing. The semantics are EventBridge's documented ones, checked against its open-source
 * matching engine (aws/event-ruler) by test/local/event-pattern-reference.unit.test.ts:
 *
 * - A pattern is a non-empty object. A key maps to a nested pattern (a non-empty object) or to a
 *   non-empty list of conditions; conditions in a list are alternatives (OR), keys are all
 *   required (AND). `"$or": [pattern, pattern, …]` (two or more) makes whole sub-patterns
 *   alternatives.
 * - Conditions (./event-pattern-conditions.ts): exact values (string, number, boolean, null: `""`
 *   and null are different values), prefix, suffix, equals-ignore-case, wildcard, anything-but,
 *   numeric, cidr and exists.
 * - Arrays in the event are flattened: a condition matches when any value of the array matches;
 *   a nested pattern over an array of objects must match within ONE element (fields of
 *   different elements never combine). Objects are not values: only `{"exists": false}`
 *   matches a field that holds an object, an empty array or nothing.
 * - `{"exists": true}` needs a value of the field, `{"exists": false}` none, in the element being
 *   matched. A nested pattern made only of `{"exists": false}` conditions cannot pick an element
 *   by itself: it holds when no element of the array has the field (the field is absent from the
 *   event, as the documentation words it).
 */

export class EventPatternError extends Error {}

type Json = Leaf | Json[] | { [key: string]: Json };
type EventObject = { [key: string]: Json };

interface PatternNode {
  readonly fields: readonly PatternField[];
  /** The `$or` alternatives at this level, if any. */
  readonly alternatives?: readonly PatternNode[];
  /** Every condition below asks for absence (`exists: false`): it must hold in every element. */
  readonly absenceOnly: boolean;
}

type PatternField =
  | { readonly key: string; readonly conditions: FieldConditions }
  | { readonly key: string; readonly node: PatternNode };

/** A validated pattern: `matches` never throws. */
export interface CompiledEventPattern {
  matches(event: unknown): boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Operator names cannot be field names of a `$or` alternative (EventBridge refuses them there). */
const OPERATOR_NAMES = new Set([
  ...['prefix', 'suffix', 'equals-ignore-case', 'wildcard', 'anything-but', 'numeric', 'cidr', 'exists'],
  ...['exactly', '=', '<', '<=', '>', '>='],
]);

function compileNode(pattern: unknown, at: string): PatternNode {
  if (!isObject(pattern)) throw new EventPatternError(`${at} must be an object`);
  const keys = Object.keys(pattern);
  if (keys.length === 0)
    throw new EventPatternError(`${at} is empty: a pattern object needs at least one field`);
  const fields: PatternField[] = [];
  let alternatives: PatternNode[] | undefined;
  for (const key of keys) {
    const value = pattern[key];
    const where = `${at}.${key}`;
    if (key === '$or') {
      if (!Array.isArray(value) || value.length < 2) {
        throw new EventPatternError(`${where} needs a list of at least two patterns`);
      }
      alternatives = value.map((alternative, index) => {
        const operator =
          isObject(alternative) && Object.keys(alternative).find((name) => OPERATOR_NAMES.has(name));
        if (operator)
          throw new EventPatternError(`${where}.${index}: "${operator}" is an operator, not a field`);
        return compileNode(alternative, `${where}.${index}`);
      });
    } else if (Array.isArray(value)) {
      try {
        fields.push({ key, conditions: compileConditions(value) });
      } catch (error) {
        if (error instanceof ConditionError) {
          const entry = error.index === undefined ? where : `${where}.${error.index}`;
          throw new EventPatternError(`${entry}: ${error.message}`);
        }
        throw error;
      }
    } else if (isObject(value)) {
      fields.push({ key, node: compileNode(value, where) });
    } else {
      throw new EventPatternError(`${where} must be a list of conditions or a nested pattern object`);
    }
  }
  const absenceOnly =
    fields.every((field) =>
      'node' in field
        ? field.node.absenceOnly
        : field.conditions.existsFalse && !field.conditions.existsTrue && field.conditions.tests.length === 0,
    ) && (alternatives ?? []).every((alternative) => alternative.absenceOnly);
  return { fields, absenceOnly, ...(alternatives ? { alternatives } : {}) };
}

/** The leaves of a value: scalars, with arrays (at any depth) flattened; objects are not leaves. */
function leavesOf(value: Json | undefined): Leaf[] {
  if (value === undefined || isObject(value)) return [];
  if (!Array.isArray(value)) return [value];
  return value.flatMap((element) => leavesOf(element));
}

/** The objects a nested pattern is matched against: one, every object of an array, or none. */
function contextsOf(value: Json | undefined): (EventObject | undefined)[] {
  if (isObject(value)) return [value];
  if (!Array.isArray(value)) return [undefined];
  const objects = (value as unknown[]).flat(Number.POSITIVE_INFINITY).filter(isObject) as EventObject[];
  return objects.length > 0 ? objects : [undefined];
}

function matchField(field: PatternField, context: EventObject | undefined): boolean {
  const value = context?.[field.key];
  if ('node' in field) return matchNode(field.node, value);
  const { tests, existsTrue, existsFalse } = field.conditions;
  const leaves = leavesOf(value);
  if (leaves.length === 0) return existsFalse;
  return existsTrue || leaves.some((leaf) => tests.some((test) => test(leaf)));
}

function matchInContext(node: PatternNode, context: EventObject | undefined): boolean {
  return (
    node.fields.every((field) => matchField(field, context)) &&
    (!node.alternatives || node.alternatives.some((alternative) => matchInContext(alternative, context)))
  );
}

function matchNode(node: PatternNode, value: Json | undefined): boolean {
  const contexts = contextsOf(value);
  return node.absenceOnly
    ? contexts.every((context) => matchInContext(node, context))
    : contexts.some((context) => matchInContext(node, context));
}

/** Validates a pattern (EventPatternError names the offending place) and compiles it. */
export function compileEventPattern(pattern: unknown): CompiledEventPattern {
  const root = compileNode(pattern, 'pattern');
  return { matches: (event) => isObject(event) && matchNode(root, event as Json) };
}

/** Throws EventPatternError when the pattern is not one EventBridge accepts. */
export function validateEventPattern(pattern: unknown): void {
  compileEventPattern(pattern);
}

const compiled = new WeakMap<object, CompiledEventPattern>();

/**
 * Whether `event` matches `pattern`; an invalid pattern throws EventPatternError. Patterns are
 * compiled once per pattern object; the local bus compiles its rules when it loads them, so
 * delivering an event never throws.
 */
export function matchesEventPattern(pattern: unknown, event: unknown): boolean {
  if (!isObject(pattern)) throw new EventPatternError('pattern must be an object');
  let compiledPattern = compiled.get(pattern);
  if (!compiledPattern) {
    compiledPattern = compileEventPattern(pattern);
    compiled.set(pattern, compiledPattern);
  }
  return compiledPattern.matches(event);
}

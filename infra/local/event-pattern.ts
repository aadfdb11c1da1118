import { ConditionError, compileConditions, type FieldConditions } from './event-pattern-conditions.js';
import {
  type ArrayMembership,
  addPath,
  type EventField,
  eventFields,
  membershipKey,
  mergeMembership,
  NO_MEMBERSHIP,
  newPathTree,
  type PathTree,
} from './event-pattern-fields.js';

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
 * - Arrays are matched as the engine matches them (its array-consistent finder, ACFinder): the
 *   event is read as fields, one per scalar value with the elements of the arrays of objects it
 *   sits in (./event-pattern-fields.ts); a condition matches when any value of the field matches;
 *   the fields a pattern names must all come from one element of each array they share (fields
 *   of different elements never combine). Objects are not values: only `{"exists": false}`
 *   matches a field that holds an object, an empty array or nothing.
 * - The engine judges a pattern's fields one after another in the order of their dotted names
 *   (`a.b` before `a.c`), each within the elements the earlier ones chose. `{"exists": false}`
 *   holds when the field has no value in those elements, or, when no earlier field chose an
 *   element of its array, in none: `{"a": {"b": [{"exists": false}], "c": ["2"]}}` does not
 *   match `{"a": [{"b": 1}, {"c": "2"}]}`, while with the absent field named `z` it does.
 *   EventBridge's documentation says only that `exists: false` matches an event without the
 *   field, so the engine's answer decides.
 */

export class EventPatternError extends Error {}

interface PatternNode {
  readonly fields: readonly PatternField[];
  /** The `$or` alternatives at this level, if any. */
  readonly alternatives?: readonly PatternNode[];
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
  return { fields, ...(alternatives ? { alternatives } : {}) };
}

/** One field a flat sub-pattern requires: its path, the id its event fields are indexed under, its conditions. */
interface FlatKey {
  /** The dotted path: the engine judges a pattern's fields in the order of these names. */
  readonly name: string;
  readonly id: string;
  readonly conditions: FieldConditions;
}

/** The pattern as alternatives of flat sub-patterns (`$or` expanded), each its keys in name order. */
function flatten(node: PatternNode, prefix: readonly string[], tree: PathTree): FlatKey[][] {
  let result: FlatKey[][] = [[]];
  const combine = (options: FlatKey[][]) => {
    result = result.flatMap((keys) => options.map((option) => [...keys, ...option]));
  };
  for (const field of node.fields) {
    const path = [...prefix, field.key];
    combine(
      'node' in field
        ? flatten(field.node, path, tree)
        : [[{ name: path.join('.'), id: addPath(tree, path), conditions: field.conditions }]],
    );
  }
  if (node.alternatives)
    combine(node.alternatives.flatMap((alternative) => flatten(alternative, prefix, tree)));
  return result;
}

const byName = (a: FlatKey, b: FlatKey) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** For each key, the arrays its fields and those of the keys after it sit in. */
function arraysAhead(keys: readonly FlatKey[], fields: Map<string, EventField[]>): Set<number>[] {
  const ahead: Set<number>[] = [];
  let after = new Set<number>();
  for (let at = keys.length - 1; at >= 0; at--) {
    const arrays = new Set(after);
    for (const field of fields.get((keys[at] as FlatKey).id) ?? []) {
      for (const array of field.membership.keys()) arrays.add(array);
    }
    ahead[at] = after = arrays;
  }
  return ahead;
}

/**
 * Whether a flat sub-pattern matches, as event-ruler's ACFinder walks a rule: key by key in name
 * order, each field taken only within the array elements the earlier keys chose. A step that
 * failed is remembered by the elements that can still matter to the keys left (so sibling
 * arrays cost their sum, not their product).
 */
function matchSubPattern(keys: readonly FlatKey[], fields: Map<string, EventField[]>): boolean {
  const ahead = arraysAhead(keys, fields);
  const failed = new Set<string>();
  const from = (at: number, membership: ArrayMembership): boolean => {
    const key = keys[at];
    if (!key) return true;
    const step = `${at}|${membershipKey(membership, ahead[at] as Set<number>)}`;
    if (failed.has(step)) return false;
    const { tests, existsTrue, existsFalse } = key.conditions;
    const candidates = fields.get(key.id) ?? [];
    // `exists: false`: no value of the field in the elements chosen so far (in none, when none is).
    const absent = existsFalse && !candidates.some((field) => mergeMembership(membership, field.membership));
    if (absent && from(at + 1, membership)) return true;
    for (const field of candidates) {
      if (!existsTrue && !tests.some((test) => test(field.value))) continue;
      const merged = mergeMembership(membership, field.membership);
      if (merged && from(at + 1, merged)) return true;
    }
    failed.add(step);
    return false;
  };
  return from(0, NO_MEMBERSHIP);
}

/** Validates a pattern (EventPatternError names the offending place) and compiles it. */
export function compileEventPattern(pattern: unknown): CompiledEventPattern {
  const root = compileNode(pattern, 'pattern');
  const tree = newPathTree();
  const alternatives = flatten(root, [], tree).map((keys) => keys.sort(byName));
  return {
    matches: (event) => {
      if (!isObject(event)) return false;
      const fields = eventFields(event, tree);
      return alternatives.some((keys) => matchSubPattern(keys, fields));
    },
  };
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

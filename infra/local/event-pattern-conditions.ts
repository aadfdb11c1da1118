import { inCidrBlock, parseCidr } from './event-pattern-cidr.js';
import { compileNumeric } from './event-pattern-numeric.js';
import {
  caselessTest,
  exactTextTest,
  type StringTest,
  wildcardProblem,
  wildcardTest,
} from './event-pattern-text.js';

/**
 * The conditions of one field of an EventBridge event pattern (`"state": [ … ]`), compiled once:
 * alternatives, any of which may match. Every condition is checked here, so a compiled condition
 * list never throws while matching. A value of the event ("leaf") is a string, number, boolean or
 * null; arrays in events are flattened into their leaves, objects are not leaves.
 */
export type Leaf = string | number | boolean | null;
type LeafTest = (leaf: Leaf) => boolean;

export interface FieldConditions {
  /** Value conditions (exact values and operators): any leaf matching any of them matches. */
  readonly tests: readonly LeafTest[];
  /** `{"exists": true}`: the field has at least one leaf here. */
  readonly existsTrue: boolean;
  /** `{"exists": false}`: the field has no leaf anywhere in the event. */
  readonly existsFalse: boolean;
}

/** A condition the validator refuses: `message` says why, `index` which entry of the list. */
export class ConditionError extends Error {
  constructor(
    message: string,
    readonly index?: number,
  ) {
    super(message);
  }
}

const fail = (message: string): never => {
  throw new ConditionError(message);
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const onStrings =
  (test: StringTest): LeafTest =>
  (leaf) =>
    typeof leaf === 'string' && test(leaf);

function singleKey(value: Record<string, unknown>, what: string): [string, unknown] {
  const keys = Object.keys(value);
  if (keys.length !== 1) fail(`${what} has exactly one key (got ${keys.length})`);
  const key = keys[0] as string;
  return [key, value[key]];
}

/** `prefix` / `suffix`: a string, or `{"equals-ignore-case": string}`. */
function textBoundary(match: 'prefix' | 'suffix', operand: unknown): LeafTest {
  if (typeof operand === 'string') return onStrings(exactTextTest(operand, match));
  if (isObject(operand)) {
    const [key, text] = singleKey(operand, `${match}'s object`);
    if (key === 'equals-ignore-case' && typeof text === 'string') return onStrings(caselessTest(text, match));
  }
  return fail(`${match} takes a string or {"equals-ignore-case": string}`);
}

/** The strings of an anything-but operator operand: one string or a non-empty list of them. */
function stringList(operator: string, operand: unknown, emptyAllowed: boolean): string[] {
  const list = Array.isArray(operand) ? operand : [operand];
  if (list.length === 0) fail(`anything-but ${operator} takes a string or a non-empty list of strings`);
  for (const text of list) {
    if (typeof text !== 'string')
      fail(`anything-but ${operator} takes a string or a non-empty list of strings`);
    if (text === '' && !emptyAllowed) fail(`anything-but ${operator} takes non-empty strings`);
  }
  return list as string[];
}

/** The test of the leaves anything-but excludes. */
function excluded(operand: unknown): LeafTest {
  if (typeof operand === 'string' || typeof operand === 'number') return (leaf) => leaf === operand;
  if (Array.isArray(operand)) {
    const allStrings = operand.every((value) => typeof value === 'string');
    const allNumbers = operand.every((value) => typeof value === 'number');
    if (operand.length === 0 || !(allStrings || allNumbers)) {
      fail('anything-but takes a non-empty list of only strings or only numbers');
    }
    const values = new Set<Leaf>(operand as Leaf[]);
    return (leaf) => values.has(leaf);
  }
  if (!isObject(operand))
    return fail('anything-but takes a string, a number, a list of either, or an operator');
  const [operator, value] = singleKey(operand, "anything-but's object");
  let tests: StringTest[];
  if (operator === 'prefix' || operator === 'suffix') {
    tests = stringList(operator, value, false).map((text) => exactTextTest(text, operator));
  } else if (operator === 'equals-ignore-case') {
    tests = stringList(operator, value, true).map((text) => caselessTest(text, 'equals'));
  } else if (operator === 'wildcard') {
    tests = stringList(operator, value, true).map((text) => {
      const problem = wildcardProblem(text);
      return problem ? fail(problem) : wildcardTest(text);
    });
  } else {
    return fail(`anything-but takes prefix, suffix, equals-ignore-case or wildcard, not ${operator}`);
  }
  return (leaf) => typeof leaf === 'string' && tests.some((test) => test(leaf));
}

function operatorTest(operator: string, operand: unknown): LeafTest {
  switch (operator) {
    case 'prefix':
    case 'suffix':
      return textBoundary(operator, operand);
    case 'equals-ignore-case':
      if (typeof operand !== 'string') fail('equals-ignore-case takes a string');
      return onStrings(caselessTest(operand as string, 'equals'));
    case 'wildcard': {
      if (typeof operand !== 'string') fail('wildcard takes a string');
      const problem = wildcardProblem(operand as string);
      return problem ? fail(problem) : onStrings(wildcardTest(operand as string));
    }
    case 'anything-but': {
      const isExcluded = excluded(operand);
      return (leaf) => !isExcluded(leaf);
    }
    case 'numeric': {
      try {
        return compileNumeric(operand);
      } catch (error) {
        return fail((error as Error).message);
      }
    }
    case 'cidr': {
      if (typeof operand !== 'string') fail('cidr takes a string such as "10.0.0.0/24"');
      const block = parseCidr(operand as string);
      if (typeof block === 'string') return fail(block);
      return onStrings((text) => inCidrBlock(block, text));
    }
    default:
      return fail(`unknown pattern operator ${operator}`);
  }
}

/** Compiles the condition list of one field; throws ConditionError naming the bad entry's index. */
export function compileConditions(conditions: readonly unknown[]): FieldConditions {
  if (conditions.length === 0) fail('a field needs at least one condition (an empty list is refused)');
  const tests: LeafTest[] = [];
  let existsTrue = false;
  let existsFalse = false;
  conditions.forEach((condition, index) => {
    try {
      if (condition === null || ['string', 'number', 'boolean'].includes(typeof condition)) {
        tests.push((leaf) => leaf === condition);
        return;
      }
      if (Array.isArray(condition)) fail('a condition is a value or an operator object, not a list');
      const [operator, operand] = singleKey(condition as Record<string, unknown>, 'an operator object');
      if (operator === 'exists') {
        if (typeof operand !== 'boolean') fail('exists takes true or false');
        if (operand) existsTrue = true;
        else existsFalse = true;
        return;
      }
      tests.push(operatorTest(operator, operand));
    } catch (error) {
      if (error instanceof ConditionError) throw new ConditionError(error.message, index);
      throw error;
    }
  });
  return { tests, existsTrue, existsFalse };
}

/**
 * EventBridge event pattern matching (content filtering), as documented in
 * "Amazon EventBridge event patterns":
 *
 * - A pattern is an object whose keys name event fields. A key maps to a nested pattern object
 *   or to an array of conditions; conditions in one array are alternatives (OR), keys are all
 *   required (AND). `$or: [pattern, …]` makes whole sub-patterns alternatives.
 * - Conditions: an exact value (string, number, boolean, null), `{prefix}`, `{suffix}` (both
 *   also with `{"equals-ignore-case": …}` inside), `{"anything-but": value | [values] |
 *   {prefix} | {suffix} | {"equals-ignore-case"} | {wildcard}}`, `{numeric: [op, n, …]}`,
 *   `{exists: true|false}`, `{"equals-ignore-case": s}`, `{wildcard: "a*b"}`, `{cidr: "10.0.0.0/8"}`.
 * - When the event's value is an array, a condition matches if it matches any element (also
 *   anything-but), and a nested pattern over an array of objects must match within one
 *   element (Event Ruler's array-consistent matching). A missing field matches only
 *   `{exists: false}`.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const MISSING = Symbol('missing');
type Value = Json | typeof MISSING;

export class EventPatternError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function matchesEventPattern(pattern: unknown, event: unknown): boolean {
  if (!isObject(pattern)) throw new EventPatternError('an event pattern must be an object');
  return matchObject(pattern, event as Value);
}

function matchObject(pattern: Record<string, unknown>, value: Value): boolean {
  // An array of objects in the event: the pattern matches if any element matches.
  if (Array.isArray(value)) return value.some((element) => matchObject(pattern, element));
  const fields = isObject(value) ? (value as Record<string, Json>) : undefined;
  return Object.entries(pattern).every(([key, sub]) => {
    if (key === '$or') {
      if (!Array.isArray(sub) || sub.length < 2)
        throw new EventPatternError('$or needs at least two patterns');
      return sub.some((alternative) => matchObject(alternative as Record<string, unknown>, value));
    }
    const field: Value = fields && Object.hasOwn(fields, key) ? (fields[key] as Json) : MISSING;
    if (Array.isArray(sub)) return matchConditions(sub, field);
    if (isObject(sub)) {
      if (field === MISSING) return onlyAbsenceChecks(sub);
      return matchObject(sub, field);
    }
    throw new EventPatternError(`pattern value of "${key}" must be an array or an object`);
  });
}

/** A nested pattern over a missing object matches only when every leaf asks for absence. */
function onlyAbsenceChecks(pattern: Record<string, unknown>): boolean {
  return Object.entries(pattern).every(([key, sub]) => {
    if (key === '$or')
      return Array.isArray(sub) && sub.some((p) => onlyAbsenceChecks(p as Record<string, unknown>));
    if (Array.isArray(sub)) return matchConditions(sub, MISSING);
    return isObject(sub) && onlyAbsenceChecks(sub);
  });
}

function matchConditions(conditions: unknown[], field: Value): boolean {
  return conditions.some((condition) => matchCondition(condition, field));
}

function leaves(field: Value): Json[] {
  if (field === MISSING) return [];
  return Array.isArray(field) ? field : [field];
}

function matchCondition(condition: unknown, field: Value): boolean {
  if (!isObject(condition)) {
    if (Array.isArray(condition)) throw new EventPatternError('nested arrays are not valid conditions');
    return leaves(field).some((leaf) => leaf === condition);
  }
  const [operator, ...more] = Object.keys(condition);
  if (!operator || more.length > 0)
    throw new EventPatternError('a condition object has exactly one operator');
  const operand = condition[operator];
  if (operator === 'exists') {
    if (typeof operand !== 'boolean') throw new EventPatternError('exists takes true or false');
    const present = field !== MISSING && !(Array.isArray(field) && field.length === 0) && !isObject(field);
    return operand ? present : field === MISSING;
  }
  if (operator === 'anything-but') {
    // Like every other condition, it matches when any value of an array field matches.
    return leaves(field).some((leaf) => !matchAnythingButOperand(operand, leaf));
  }
  return leaves(field).some((leaf) => matchOperator(operator, operand, leaf));
}

/** True when `leaf` is one of the values that anything-but excludes. */
function matchAnythingButOperand(operand: unknown, leaf: Json): boolean {
  if (Array.isArray(operand)) return operand.some((excluded) => matchAnythingButOperand(excluded, leaf));
  if (isObject(operand)) {
    const [operator, ...more] = Object.keys(operand);
    if (!operator || more.length > 0) throw new EventPatternError('anything-but takes one operator');
    if (!['prefix', 'suffix', 'equals-ignore-case', 'wildcard'].includes(operator)) {
      throw new EventPatternError(`anything-but does not support ${operator}`);
    }
    return matchOperator(operator, operand[operator], leaf);
  }
  return operand === leaf;
}

function matchOperator(operator: string, operand: unknown, leaf: Json): boolean {
  switch (operator) {
    case 'prefix':
    case 'suffix': {
      if (typeof leaf !== 'string') return false;
      const ignoreCase = isObject(operand) && typeof operand['equals-ignore-case'] === 'string';
      const text = ignoreCase ? (operand as Record<string, string>)['equals-ignore-case'] : operand;
      if (typeof text !== 'string') throw new EventPatternError(`${operator} takes a string`);
      const subject = ignoreCase ? leaf.toLowerCase() : leaf;
      const wanted = ignoreCase ? text.toLowerCase() : text;
      return operator === 'prefix' ? subject.startsWith(wanted) : subject.endsWith(wanted);
    }
    case 'equals-ignore-case':
      if (typeof operand !== 'string') throw new EventPatternError('equals-ignore-case takes a string');
      return typeof leaf === 'string' && leaf.toLowerCase() === operand.toLowerCase();
    case 'wildcard':
      if (typeof operand !== 'string') throw new EventPatternError('wildcard takes a string');
      return typeof leaf === 'string' && wildcardRegExp(operand).test(leaf);
    case 'numeric':
      return typeof leaf === 'number' && matchNumeric(operand, leaf);
    case 'cidr':
      if (typeof operand !== 'string') throw new EventPatternError('cidr takes a string');
      return typeof leaf === 'string' && matchCidr(operand, leaf);
    default:
      throw new EventPatternError(`unknown pattern operator ${operator}`);
  }
}

function wildcardRegExp(wildcard: string): RegExp {
  let source = '';
  for (let index = 0; index < wildcard.length; index++) {
    const char = wildcard[index] as string;
    if (char === '\\' && index + 1 < wildcard.length) {
      source += escapeRegExp(wildcard[++index] as string);
    } else if (char === '*') {
      source += '.*';
    } else {
      source += escapeRegExp(char);
    }
  }
  return new RegExp(`^${source}$`, 's');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const comparisons: Record<string, (a: number, b: number) => boolean> = {
  '=': (a, b) => a === b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

function matchNumeric(operand: unknown, leaf: number): boolean {
  if (!Array.isArray(operand) || operand.length === 0 || operand.length % 2 !== 0) {
    throw new EventPatternError('numeric takes [operator, number, …]');
  }
  for (let index = 0; index < operand.length; index += 2) {
    const compare = comparisons[operand[index] as string];
    const bound = operand[index + 1];
    if (!compare || typeof bound !== 'number')
      throw new EventPatternError('numeric takes [operator, number, …]');
    if (!compare(leaf, bound)) return false;
  }
  return true;
}

function ipv4ToNumber(address: string): number | undefined {
  const parts = address.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined;
    value = value * 256 + Number(part);
  }
  return value;
}

function matchCidr(cidr: string, leaf: string): boolean {
  const [network, bitsText] = cidr.split('/');
  const base = ipv4ToNumber(network ?? '');
  const bits = Number(bitsText ?? '32');
  if (base === undefined || !Number.isInteger(bits) || bits < 0 || bits > 32) {
    throw new EventPatternError('cidr takes an IPv4 block such as 10.0.0.0/24');
  }
  const address = ipv4ToNumber(leaf);
  if (address === undefined) return false;
  const size = 2 ** (32 - bits);
  return Math.floor(address / size) === Math.floor(base / size);
}

const STRING_OPERATORS = new Set(['prefix', 'suffix', 'equals-ignore-case', 'wildcard', 'cidr']);

/** Throws EventPatternError when the pattern is not valid EventBridge pattern syntax. */
export function validateEventPattern(pattern: unknown, path = 'pattern'): void {
  if (!isObject(pattern)) throw new EventPatternError(`${path} must be an object`);
  for (const [key, sub] of Object.entries(pattern)) {
    const at = `${path}.${key}`;
    if (key === '$or') {
      if (!Array.isArray(sub) || sub.length < 2)
        throw new EventPatternError(`${at} needs at least two patterns`);
      for (const [index, alternative] of sub.entries()) validateEventPattern(alternative, `${at}.${index}`);
    } else if (Array.isArray(sub)) {
      for (const [index, condition] of sub.entries()) validateCondition(condition, `${at}.${index}`);
    } else {
      validateEventPattern(sub, at);
    }
  }
}

function validateCondition(condition: unknown, at: string): void {
  if (!isObject(condition)) {
    if (Array.isArray(condition))
      throw new EventPatternError(`${at}: nested arrays are not valid conditions`);
    return;
  }
  const [operator, ...more] = Object.keys(condition);
  if (!operator || more.length > 0)
    throw new EventPatternError(`${at}: a condition object has exactly one operator`);
  const operand = condition[operator];
  const fail = (message: string) => {
    throw new EventPatternError(`${at}: ${message}`);
  };
  if (operator === 'exists') {
    if (typeof operand !== 'boolean') fail('exists takes true or false');
  } else if (operator === 'numeric') {
    matchNumeric(operand, 0);
  } else if (operator === 'prefix' || operator === 'suffix') {
    const ignoreCase = isObject(operand) && typeof operand['equals-ignore-case'] === 'string';
    if (typeof operand !== 'string' && !ignoreCase) fail(`${operator} takes a string`);
  } else if (operator === 'anything-but') {
    const values = Array.isArray(operand) ? operand : [operand];
    for (const value of values) {
      if (isObject(value)) {
        const keys = Object.keys(value);
        if (
          keys.length !== 1 ||
          !['prefix', 'suffix', 'equals-ignore-case', 'wildcard'].includes(keys[0] as string)
        ) {
          fail('anything-but takes values or one of prefix, suffix, equals-ignore-case, wildcard');
        }
      } else if (Array.isArray(value)) {
        fail('anything-but takes a flat list');
      }
    }
  } else if (STRING_OPERATORS.has(operator)) {
    if (typeof operand !== 'string') fail(`${operator} takes a string`);
    if (operator === 'cidr') matchCidr(operand as string, '0.0.0.0');
  } else {
    fail(`unknown pattern operator ${operator}`);
  }
}

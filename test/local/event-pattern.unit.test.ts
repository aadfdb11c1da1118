import { describe, expect, it } from 'vitest';
import {
  EventPatternError,
  matchesEventPattern,
  validateEventPattern,
} from '../../infra/local/event-pattern.js';

const event = {
  version: '0',
  id: '6a7e8feb-b491-4cf7-a9f1-bf3703467718',
  'detail-type': 'account.created@v1',
  source: 'data-import',
  account: '000000000000',
  time: '2025-01-02T03:04:05Z',
  region: 'eu-west-2',
  resources: ['arn:aws:ec2:eu-west-2:000000000000:instance/i-1', 'arn:aws:s3:::bucket'],
  detail: {
    event_type: 'account.created',
    version: 'v1',
    payload: {
      account_number: 'A-0000ABCD',
      balance: 42.5,
      is_imported: true,
      nothing: null,
      tags: ['gold', 'Priority'],
      customers: [{ name: 'Ann', age: 30 }, { name: 'Bob' }],
      ip: '10.0.1.7',
      file: 'statements/2024/jan.PDF',
    },
  },
};

const matches = (pattern: unknown) => matchesEventPattern(pattern, event);

describe('Exact values: a field matches when its value is one of the listed values', () => {
  it('matches a listed string, number, boolean or null and rejects others', () => {
    expect(matches({ source: ['data-import'] })).toBe(true);
    expect(matches({ source: ['other', 'data-import'] })).toBe(true);
    expect(matches({ source: ['other'] })).toBe(false);
    expect(matches({ detail: { payload: { balance: [42.5] } } })).toBe(true);
    expect(matches({ detail: { payload: { balance: ['42.5'] } } })).toBe(false);
    expect(matches({ detail: { payload: { is_imported: [true] } } })).toBe(true);
    expect(matches({ detail: { payload: { nothing: [null] } } })).toBe(true);
    expect(matches({ detail: { payload: { absent: [null] } } })).toBe(false);
  });

  it('requires every key (AND) and is case-sensitive', () => {
    expect(matches({ source: ['data-import'], 'detail-type': ['account.created@v1'] })).toBe(true);
    expect(matches({ source: ['data-import'], 'detail-type': ['account.created@v2'] })).toBe(false);
    expect(matches({ source: ['DATA-IMPORT'] })).toBe(false);
  });

  it('matches an array field when any element matches', () => {
    expect(matches({ resources: ['arn:aws:s3:::bucket'] })).toBe(true);
    expect(matches({ detail: { payload: { tags: ['silver', 'gold'] } } })).toBe(true);
    expect(matches({ detail: { payload: { tags: ['silver'] } } })).toBe(false);
  });

  it('matches nested objects inside arrays of objects, within one element', () => {
    expect(matches({ detail: { payload: { customers: { name: ['Bob'] } } } })).toBe(true);
    expect(matches({ detail: { payload: { customers: { name: ['Cid'] } } } })).toBe(false);
    expect(matches({ detail: { payload: { customers: { name: ['Ann'], age: [30] } } } })).toBe(true);
    expect(matches({ detail: { payload: { customers: { name: ['Bob'], age: [30] } } } })).toBe(false);
  });

  it('does not match a nested pattern against a missing or scalar field', () => {
    expect(matches({ detail: { missing: { x: ['1'] } } })).toBe(false);
    expect(matches({ source: { x: ['1'] } })).toBe(false);
  });

  it('treats "" and null as different values', () => {
    const withBlanks = { detail: { version: '', response: null } };

    expect(matchesEventPattern({ detail: { version: [''] } }, withBlanks)).toBe(true);
    expect(matchesEventPattern({ detail: { response: [null] } }, withBlanks)).toBe(true);
    expect(matchesEventPattern({ detail: { version: [null] } }, withBlanks)).toBe(false);
    expect(matchesEventPattern({ detail: { response: [''] } }, withBlanks)).toBe(false);
  });
});

describe('prefix and suffix: string fields that start or end with the text', () => {
  it('matches prefix and suffix, optionally ignoring case', () => {
    expect(matches({ 'detail-type': [{ prefix: 'account.' }] })).toBe(true);
    expect(matches({ 'detail-type': [{ prefix: 'billing.' }] })).toBe(false);
    expect(matches({ 'detail-type': [{ suffix: '@v1' }] })).toBe(true);
    expect(matches({ detail: { payload: { file: [{ suffix: '.pdf' }] } } })).toBe(false);
    expect(matches({ detail: { payload: { file: [{ suffix: { 'equals-ignore-case': '.pdf' } }] } } })).toBe(
      true,
    );
    expect(
      matches({ detail: { payload: { file: [{ prefix: { 'equals-ignore-case': 'STATEMENTS/' } }] } } }),
    ).toBe(true);
  });

  it('never matches a number with prefix', () => {
    expect(matches({ detail: { payload: { balance: [{ prefix: '42' }] } } })).toBe(false);
  });
});

describe('anything-but: the field exists and is none of the excluded values', () => {
  it('excludes single values and lists', () => {
    expect(matches({ source: [{ 'anything-but': 'other' }] })).toBe(true);
    expect(matches({ source: [{ 'anything-but': 'data-import' }] })).toBe(false);
    expect(matches({ source: [{ 'anything-but': ['a', 'data-import'] }] })).toBe(false);
    expect(matches({ detail: { payload: { balance: [{ 'anything-but': [1, 2] }] } } })).toBe(true);
  });

  it('excludes by prefix, suffix, equals-ignore-case and wildcard', () => {
    expect(matches({ 'detail-type': [{ 'anything-but': { prefix: 'account.' } }] })).toBe(false);
    expect(matches({ 'detail-type': [{ 'anything-but': { prefix: 'billing.' } }] })).toBe(true);
    expect(matches({ 'detail-type': [{ 'anything-but': { suffix: '@v2' } }] })).toBe(true);
    expect(matches({ source: [{ 'anything-but': { 'equals-ignore-case': 'DATA-IMPORT' } }] })).toBe(false);
    expect(matches({ 'detail-type': [{ 'anything-but': { wildcard: 'account.*' } }] })).toBe(false);
  });

  it('does not match a missing field, and on arrays matches when any element is outside the list', () => {
    expect(matches({ detail: { absent: [{ 'anything-but': 'x' }] } })).toBe(false);
    expect(matches({ detail: { payload: { tags: [{ 'anything-but': 'gold' }] } } })).toBe(true);
    expect(matches({ detail: { payload: { tags: [{ 'anything-but': ['gold', 'Priority'] }] } } })).toBe(
      false,
    );
  });
});

describe('numeric: a number within every listed bound', () => {
  it('applies =, <, <=, >, >= together as a range', () => {
    expect(matches({ detail: { payload: { balance: [{ numeric: ['>', 0, '<=', 42.5] }] } } })).toBe(true);
    expect(matches({ detail: { payload: { balance: [{ numeric: ['>', 0, '<', 42.5] }] } } })).toBe(false);
    expect(matches({ detail: { payload: { balance: [{ numeric: ['=', 42.5] }] } } })).toBe(true);
    expect(matches({ detail: { payload: { balance: [{ numeric: ['>=', 43] }] } } })).toBe(false);
  });

  it('never matches a string', () => {
    expect(matches({ source: [{ numeric: ['>', 0] }] })).toBe(false);
  });
});

describe('exists: presence or absence of a leaf field', () => {
  it('matches present leaves with true and absent fields with false', () => {
    expect(matches({ detail: { payload: { account_number: [{ exists: true }] } } })).toBe(true);
    expect(matches({ detail: { payload: { account_number: [{ exists: false }] } } })).toBe(false);
    expect(matches({ detail: { payload: { absent: [{ exists: false }] } } })).toBe(true);
    expect(matches({ detail: { payload: { absent: [{ exists: true }] } } })).toBe(false);
    expect(matches({ detail: { missing_object: { leaf: [{ exists: false }] } } })).toBe(true);
  });

  it('does not treat an object as an existing leaf', () => {
    expect(matches({ detail: { payload: [{ exists: true }] } })).toBe(false);
  });
});

describe("Rule: a pattern's fields are judged within one element of each array, one after another in the order of their names (as EventBridge's engine, ACFinder)", () => {
  it('exists: false of a field named before the one that picks the element holds only when no element has the field', () => {
    // Prepare
    const pattern = { a: { b: [{ exists: false }], c: ['2'] } };
    // Act
    const split = matchesEventPattern(pattern, { a: [{ b: 1 }, { c: '2' }] });
    const absent = matchesEventPattern(pattern, { a: [{ c: '2' }] });
    // Assess
    expect(split).toBe(false);
    expect(absent).toBe(true);
  });

  it('exists: false of a field named after the one that picks the element is judged in that element', () => {
    // Prepare
    const pattern = { a: { z: [{ exists: false }], c: ['2'] } };
    // Act
    const otherElement = matchesEventPattern(pattern, { a: [{ z: 1 }, { c: '2' }] });
    const sameElement = matchesEventPattern(pattern, { a: [{ z: 1, c: '2' }] });
    // Assess
    expect(otherElement).toBe(true);
    expect(sameElement).toBe(false);
  });

  it('values of different elements never combine, at any depth of nested arrays', () => {
    // Prepare
    const pattern = { d: { a: ['x'], b: [2] } };
    // Act
    const oneElement = matchesEventPattern(pattern, { d: [[{ b: 2, a: 'x' }]] });
    const twoElements = matchesEventPattern(pattern, { d: [[{ b: 2 }, { a: 'x' }]] });
    // Assess
    expect(oneElement).toBe(true);
    expect(twoElements).toBe(false);
  });
});

describe('equals-ignore-case, wildcard and cidr', () => {
  it('matches strings ignoring case', () => {
    expect(matches({ source: [{ 'equals-ignore-case': 'Data-Import' }] })).toBe(true);
    expect(matches({ source: [{ 'equals-ignore-case': 'Data-Export' }] })).toBe(false);
  });

  it('matches wildcards with * and an escaped \\*', () => {
    expect(matches({ 'detail-type': [{ wildcard: 'account.*@v*' }] })).toBe(true);
    expect(matches({ 'detail-type': [{ wildcard: 'account.*@v2' }] })).toBe(false);
    expect(matchesEventPattern({ a: [{ wildcard: 'x\\*y' }] }, { a: 'x*y' })).toBe(true);
    expect(matchesEventPattern({ a: [{ wildcard: 'x\\*y' }] }, { a: 'xzy' })).toBe(false);
  });

  it('matches IPv4 addresses inside a CIDR block', () => {
    expect(matches({ detail: { payload: { ip: [{ cidr: '10.0.0.0/16' }] } } })).toBe(true);
    expect(matches({ detail: { payload: { ip: [{ cidr: '10.0.0.0/24' }] } } })).toBe(false);
  });
});

describe('$or: any of several sub-patterns', () => {
  it('matches when one alternative matches, alongside the other keys', () => {
    const pattern = {
      source: ['data-import'],
      $or: [{ 'detail-type': ['nope'] }, { detail: { payload: { is_imported: [true] } } }],
    };
    expect(matches(pattern)).toBe(true);
    expect(matches({ ...pattern, source: ['other'] })).toBe(false);
    expect(matches({ $or: [{ source: ['x'] }, { source: ['y'] }] })).toBe(false);
  });
});

describe('Invalid patterns are rejected', () => {
  it('throws for a non-object pattern, a scalar value, an unknown operator and a bad numeric', () => {
    expect(() => matchesEventPattern([], event)).toThrow(EventPatternError);
    expect(() => matches({ source: 'data-import' })).toThrow(EventPatternError);
    expect(() => matches({ source: [{ regex: '.*' }] })).toThrow(EventPatternError);
    expect(() => matches({ detail: { payload: { balance: [{ numeric: ['>'] }] } } })).toThrow(
      EventPatternError,
    );
  });
});

describe('validateEventPattern checks every branch of a pattern before it is used', () => {
  it('accepts every supported operator', () => {
    expect(() =>
      validateEventPattern({
        source: ['a', 1, true, null, { prefix: 'a' }, { suffix: { 'equals-ignore-case': 'b' } }],
        detail: {
          a: [{ 'anything-but': ['x', 'y'] }, { numeric: ['>', 0, '<', 5] }, { exists: false }],
          c: [{ 'anything-but': { prefix: ['x', 'y'] } }, { 'anything-but': { wildcard: ['*.x', 'y*'] } }],
          b: [{ 'equals-ignore-case': 'x' }, { wildcard: 'a*' }, { cidr: '10.0.0.0/8' }],
        },
        $or: [{ x: ['1'] }, { y: ['2'] }],
      }),
    ).not.toThrow();
  });

  it('rejects a bad operator anywhere, even where matching would never look', () => {
    expect(() => validateEventPattern({ source: ['x'], detail: { deep: [{ regex: '.*' }] } })).toThrow(
      /pattern\.detail\.deep\.0: unknown pattern operator regex/,
    );
    expect(() => validateEventPattern({ a: [{ exists: 'yes' }] })).toThrow(EventPatternError);
    expect(() => validateEventPattern({ $or: [{ a: ['1'] }] })).toThrow(EventPatternError);
    expect(() => validateEventPattern({ a: [{ cidr: 'not-an-ip' }] })).toThrow(EventPatternError);
    expect(() => validateEventPattern({})).toThrow(/pattern is empty/);
  });
});

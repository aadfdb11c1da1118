import { describe, expect, it } from 'vitest';
import {
  compileEventPattern,
  EventPatternError,
  matchesEventPattern,
  validateEventPattern,
} from '../../infra/local/event-pattern.js';

const on = (detail: Record<string, unknown>) => ({ source: 'test', detail });

describe('anything-but takes lists of prefixes, suffixes, wildcards and equals-ignore-case values', () => {
  it.each([
    [{ prefix: ['init', 'error'] }, 'error-disk', 'running'],
    [{ suffix: ['.png', '.jpg'] }, 'cat.jpg', 'cat.gif'],
    [{ wildcard: ['*/lib/*', '*.tmp'] }, '/usr/lib/x.so', '/usr/bin/x'],
    [{ 'equals-ignore-case': ['Stopped', 'OverLoaded'] }, 'STOPPED', 'running'],
  ])('anything-but %j excludes %s and matches %s', (operand, excluded, kept) => {
    // Prepare
    const pattern = { detail: { state: [{ 'anything-but': operand }] } };

    // Act
    const excludedMatches = matchesEventPattern(pattern, on({ state: excluded }));
    const keptMatches = matchesEventPattern(pattern, on({ state: kept }));

    // Assess
    expect([excludedMatches, keptMatches]).toEqual([false, true]);
  });

  it('matches a number, null or boolean (they are not the excluded strings) but never an object', () => {
    const pattern = { detail: { state: [{ 'anything-but': { prefix: 'x' } }] } };

    expect([5, null, true].map((state) => matchesEventPattern(pattern, on({ state })))).toEqual([
      true,
      true,
      true,
    ]);
    expect(matchesEventPattern(pattern, on({ state: { nested: 'y' } }))).toBe(false);
    expect(matchesEventPattern(pattern, on({}))).toBe(false);
  });
});

describe('cidr matches IPv4 and IPv6 addresses inside the block', () => {
  it('matches compressed and uppercase IPv6 forms and keeps the two families apart', () => {
    const v6 = { detail: { ip: [{ cidr: '2001:db8::/32' }] } };
    const v4 = { detail: { ip: [{ cidr: '10.0.0.0/8' }] } };

    expect(matchesEventPattern(v6, on({ ip: '2001:DB8:0:0:0:0:0:1' }))).toBe(true);
    expect(matchesEventPattern(v6, on({ ip: '2001:db9::1' }))).toBe(false);
    expect(matchesEventPattern(v4, on({ ip: '10.200.3.4' }))).toBe(true);
    expect(matchesEventPattern(v4, on({ ip: '::ffff:10.0.0.1' }))).toBe(false);
    expect(matchesEventPattern({ detail: { ip: [{ cidr: '::/0' }] } }, on({ ip: '10.0.0.1' }))).toBe(false);
  });
});

describe('exists works on leaves: objects, empty arrays and arrays of objects hold no value', () => {
  it('treats an object or an empty array as absent', () => {
    const absent = { detail: { count: [{ exists: false }] } };
    const present = { detail: { count: [{ exists: true }] } };

    expect(matchesEventPattern(absent, on({ count: { c1: 100 } }))).toBe(true);
    expect(matchesEventPattern(absent, on({ count: [] }))).toBe(true);
    expect(matchesEventPattern(present, on({ count: [{ c1: 100 }] }))).toBe(false);
    expect(matchesEventPattern(present, on({ count: null }))).toBe(true);
  });

  it('finds a field in any element of an array of objects, and absence only when no element has it', () => {
    const items = [{ sku: 'a' }, { price: 3 }];

    expect(matchesEventPattern({ detail: { items: { sku: [{ exists: true }] } } }, on({ items }))).toBe(true);
    expect(matchesEventPattern({ detail: { items: { sku: [{ exists: false }] } } }, on({ items }))).toBe(
      false,
    );
    expect(
      matchesEventPattern({ detail: { items: { sku: [{ exists: false }], price: [3] } } }, on({ items })),
    ).toBe(true);
  });
});

describe('Arrays in events are flattened, and one pattern object matches within one element', () => {
  it('flattens nested arrays of values and of objects', () => {
    expect(matchesEventPattern({ detail: { tags: ['b'] } }, on({ tags: [['a'], ['b']] }))).toBe(true);
    expect(
      matchesEventPattern({ detail: { rows: { id: [2] } } }, on({ rows: [[{ id: 1 }], [{ id: 2 }]] })),
    ).toBe(true);
  });

  it('never combines fields of different elements', () => {
    const rows = [[{ id: 1 }, { name: 'x' }], [{ id: 2, name: 'y' }]];

    expect(matchesEventPattern({ detail: { rows: { id: [1], name: ['x'] } } }, on({ rows }))).toBe(false);
    expect(matchesEventPattern({ detail: { rows: { id: [2], name: ['y'] } } }, on({ rows }))).toBe(true);
  });
});

describe('numeric matching is limited to the documented range, -1e9 to 1e9', () => {
  it('compares JSON numbers only, inside the range', () => {
    const positive = { detail: { n: [{ numeric: ['>', 0] }] } };

    expect(matchesEventPattern(positive, on({ n: 1e9 }))).toBe(true);
    expect(matchesEventPattern(positive, on({ n: 1e9 + 1 }))).toBe(false);
    expect(matchesEventPattern(positive, on({ n: '5' }))).toBe(false);
  });
});

describe('Validation refuses what EventBridge refuses, saying where', () => {
  it.each([
    [{}, /^pattern is empty/],
    [[], /^pattern must be an object/],
    [{ a: [] }, /^pattern\.a: a field needs at least one condition/],
    [{ a: { b: {} } }, /^pattern\.a\.b is empty/],
    [{ a: 'x' }, /^pattern\.a must be a list of conditions/],
    [{ a: [['x']] }, /^pattern\.a\.0: a condition is a value or an operator object/],
    [{ a: [{ regex: '.*' }] }, /^pattern\.a\.0: unknown pattern operator regex/],
    [{ a: [{ prefix: 'a', suffix: 'b' }] }, /^pattern\.a\.0: an operator object has exactly one key/],
    [{ a: [{ numeric: ['>', 5, '<', 1] }] }, /lower bound below its upper bound/],
    [{ a: [{ numeric: ['<', 5, '>', 1] }] }, /a lower bound \(> or >=\) then an upper bound/],
    [{ a: [{ numeric: ['>'] }] }, /^pattern\.a\.0: numeric takes/],
    [{ a: [{ numeric: ['=', '5'] }] }, /numeric bounds are JSON numbers/],
    [{ a: [{ numeric: ['>', 2e9] }] }, /documented limit/],
    [{ a: [{ 'anything-but': ['a', 1] }] }, /only strings or only numbers/],
    [{ a: [{ 'anything-but': null }] }, /anything-but takes a string, a number/],
    [{ a: [{ 'anything-but': { prefix: '' } }] }, /anything-but prefix takes non-empty strings/],
    [{ a: [{ 'anything-but': { numeric: ['>', 1] } }] }, /not numeric/],
    [{ a: [{ wildcard: 'a**b' }] }, /two \* in a row/],
    [{ a: [{ wildcard: 'a\\b' }] }, /a backslash escapes only/],
    [{ a: [{ cidr: '10.0.0.1' }] }, /needs one "\/"/],
    [{ a: [{ cidr: '10.0.0.0/32' }] }, /mask of an IPv4 block is 0 to 31/],
    [{ a: [{ exists: 'yes' }] }, /exists takes true or false/],
    [{ $or: [{ a: ['1'] }] }, /^pattern\.\$or needs a list of at least two patterns/],
    [{ $or: [{ numeric: ['>', 1] }, { a: ['1'] }] }, /"numeric" is an operator, not a field/],
  ])('refuses %j', (pattern, message) => {
    expect(() => validateEventPattern(pattern)).toThrow(EventPatternError);
    expect(() => validateEventPattern(pattern)).toThrow(message);
  });
});

describe('A compiled pattern never throws while matching', () => {
  it('answers false for events of any shape', () => {
    const pattern = compileEventPattern({
      detail: {
        a: [{ numeric: ['>', 0] }, { cidr: '10.0.0.0/8' }, { 'anything-but': { wildcard: ['*x'] } }],
      },
    });
    const shapes = [
      null,
      5,
      'text',
      [],
      [{ detail: { a: 1 } }],
      { detail: null },
      { detail: [[[{ a: {} }]]] },
    ];

    expect(shapes.map((event) => pattern.matches(event))).toEqual(shapes.map(() => false));
  });
});

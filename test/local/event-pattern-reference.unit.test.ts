import { describe, expect, it } from 'vitest';
import * as matcher from '../../infra/local/event-pattern.js';
import { loadReferenceFamilies, measureAgreement } from './support/event-pattern-reference-cases.js';

const families = loadReferenceFamilies();
const patterns = families.flatMap((family) => [
  ...family.validation.filter((c) => c.valid).map((c) => JSON.stringify(c.pattern)),
  ...family.matching.map((c) => JSON.stringify(c.pattern)),
]);
const events = families.flatMap((family) => family.matching.map((c) => JSON.stringify(c.event)));
const refused = families.flatMap((family) => family.validation.filter((c) => !c.valid)).map((c) => c.pattern);

describe.each(families)(
  'The $name cases of EventBridge’s engine: the local matcher answers as EventBridge does',
  (family) => {
    it('accepts the patterns EventBridge accepts and refuses the ones it refuses', () => {
      // Prepare
      const validationOnly = { ...family, matching: [] };

      // Act
      const { failures } = measureAgreement(validationOnly, matcher);

      // Assess
      expect(failures).toEqual([]);
    });

    it('matches exactly the events EventBridge matches', () => {
      const { failures } = measureAgreement({ ...family, validation: [] }, matcher);

      expect(failures).toEqual([]);
    });

    it('departs from the engine only where a documented reason says why', () => {
      const departures = [...family.validation, ...family.matching].filter((c) => c.departure);

      expect(departures.filter((c) => !c.departure?.why)).toEqual([]);
    });
  },
);

/** Every documented operator form, and the shape of pattern or event that shows it. */
const FORMS: [form: string, shows: (pattern: string) => boolean][] = [
  ['exact string', (p) => /:\["[^"]*"\]/.test(p)],
  ['exact number', (p) => /:\[-?\d/.test(p)],
  ['exact boolean', (p) => /:\[(true|false)\]/.test(p)],
  ['null value', (p) => p.includes('[null]')],
  ['empty string', (p) => p.includes(':[""]')],
  ['prefix', (p) => /\{"prefix":"/.test(p)],
  ['prefix equals-ignore-case', (p) => p.includes('{"prefix":{"equals-ignore-case"')],
  ['suffix', (p) => /\{"suffix":"/.test(p)],
  ['suffix equals-ignore-case', (p) => p.includes('{"suffix":{"equals-ignore-case"')],
  ['equals-ignore-case', (p) => /\[\{"equals-ignore-case":"/.test(p)],
  ['wildcard', (p) => /\[\{"wildcard":"/.test(p)],
  ['anything-but value', (p) => /"anything-but":("|\d)/.test(p)],
  ['anything-but list', (p) => p.includes('"anything-but":[')],
  ['anything-but prefix', (p) => p.includes('"anything-but":{"prefix":"')],
  ['anything-but prefix list', (p) => p.includes('"anything-but":{"prefix":[')],
  ['anything-but suffix', (p) => p.includes('"anything-but":{"suffix":"')],
  ['anything-but suffix list', (p) => p.includes('"anything-but":{"suffix":[')],
  ['anything-but wildcard', (p) => p.includes('"anything-but":{"wildcard":"')],
  ['anything-but wildcard list', (p) => p.includes('"anything-but":{"wildcard":[')],
  ['anything-but equals-ignore-case', (p) => p.includes('"anything-but":{"equals-ignore-case":"')],
  ['anything-but equals-ignore-case list', (p) => p.includes('"anything-but":{"equals-ignore-case":[')],
  ['numeric =', (p) => p.includes('"numeric":["="')],
  ['numeric <', (p) => p.includes('"numeric":["<",')],
  ['numeric <=', (p) => p.includes('"numeric":["<="')],
  ['numeric >', (p) => p.includes('"numeric":[">",')],
  ['numeric >=', (p) => p.includes('"numeric":[">="')],
  ['numeric range', (p) => /"numeric":\["[<>=]+",[^\]]+,"[<>=]+"/.test(p)],
  ['cidr IPv4', (p) => /"cidr":"\d+\.\d+\.\d+\.\d+\/\d+"/.test(p)],
  ['cidr IPv6', (p) => /"cidr":"[0-9a-fA-F:]*:[0-9a-fA-F:]*\/\d+"/.test(p)],
  ['exists true', (p) => p.includes('"exists":true')],
  ['exists false', (p) => p.includes('"exists":false')],
  ['$or', (p) => p.includes('"$or":[')],
];

describe('The reference cases cover every form of EventBridge’s operator table', () => {
  it.each(FORMS)('has cases for %s', (_form, shows) => {
    expect(patterns.some(shows)).toBe(true);
  });

  it.each([
    ['arrays of objects', (e: string) => /\[\{/.test(e)],
    ['nested arrays', (e: string) => /\[\[/.test(e)],
    ['empty arrays', (e: string) => e.includes('[]')],
    ['null values', (e: string) => e.includes(':null')],
    ['empty strings', (e: string) => e.includes(':""')],
  ])('has events with %s', (_shape, shows) => {
    expect(events.some(shows)).toBe(true);
  });

  it.each([
    ['{}', (p: unknown) => JSON.stringify(p) === '{}'],
    ['an empty list', (p: unknown) => JSON.stringify(p).includes('[]')],
    [
      'an inverted numeric range',
      (p: unknown) => /"numeric":\[">=?",(\d+),"<=?",(\d+)\]/.test(JSON.stringify(p)),
    ],
    ['two * in a row', (p: unknown) => JSON.stringify(p).includes('**')],
    [
      'a value that is not a list',
      (p: unknown) => /":("|\d|true|false|null)/.test(JSON.stringify(p).replace(/\{"[a-z-]+":[^{[]/g, '')),
    ],
    ['an unknown operator', (p: unknown) => JSON.stringify(p).includes('"exactly"')],
  ])('has patterns with %s that must be refused', (_shape, shows) => {
    expect(refused.some(shows)).toBe(true);
  });
});

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readLines } from '../../../infra/local/json-lines-file.js';

/**
 * The pattern cases lifted from EventBridge's open-source matching engine (aws/event-ruler): its
 * unit tests' rules and events, its JSON test data, and a few probes of the engine, each with the
 * engine's answer. One JSON-lines file per operator family in ../event-pattern-reference/, one
 * line per pattern:
 *
 * - `{"from", "pattern", "valid": true|false}`: the pattern must be accepted, or refused;
 * - `{"from", "pattern", "events": [[event, matches], …]}`: whether each event matches.
 *
 * `from` names the reference test (or `engine probe`). Where EventBridge's documentation decides
 * against the engine, the line (`valid` case) or the event entry carries the engine's answer as
 * `reference` and the reason as `why`; the expected answer is the documented one.
 */
export const REFERENCE_CASES_DIR = fileURLToPath(new URL('../event-pattern-reference/', import.meta.url));

interface Departure<T> {
  readonly reference: T;
  readonly why: string;
}

type Line =
  | ({ from: string; pattern: unknown; valid: boolean } & Partial<Departure<'valid' | 'invalid'>>)
  | { from: string; pattern: unknown; events: [unknown, boolean, Departure<boolean>?][] };

export interface ValidationCase {
  readonly from: string;
  readonly pattern: unknown;
  readonly valid: boolean;
  /** Set where the documentation decides against the engine. */
  readonly departure?: Departure<boolean>;
}

export interface MatchCase {
  readonly from: string;
  readonly pattern: unknown;
  readonly event: unknown;
  readonly matches: boolean;
  readonly departure?: Departure<boolean>;
}

export interface ReferenceFamily {
  /** The operator family: the file's name (anything-but, cidr, exists, …). */
  readonly name: string;
  readonly validation: ValidationCase[];
  readonly matching: MatchCase[];
}

export function loadReferenceFamilies(dir = REFERENCE_CASES_DIR): ReferenceFamily[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.jsonl'))
    .sort()
    .map((file) => {
      const family: ReferenceFamily = { name: file.replace(/\.jsonl$/, ''), validation: [], matching: [] };
      for (const line of readLines<Line>(join(dir, file))) {
        if ('events' in line) {
          for (const [event, matches, departure] of line.events) {
            family.matching.push({ from: line.from, pattern: line.pattern, event, matches, departure });
          }
        } else {
          const { from, pattern, valid, reference, why } = line;
          const departure = reference && why ? { reference: reference === 'valid', why } : undefined;
          family.validation.push({ from, pattern, valid, departure });
        }
      }
      return family;
    });
}

/** How many cases of a family agree with a matcher (and with the engine's own answers). */
export interface Agreement {
  readonly cases: number;
  readonly agreeWithExpected: number;
  readonly agreeWithEngine: number;
  /** The cases that disagree with the expected answer, described for a reader. */
  readonly failures: string[];
}

export interface PatternMatcher {
  validateEventPattern(pattern: unknown): void;
  matchesEventPattern(pattern: unknown, event: unknown): boolean;
}

function outcome(run: () => boolean): boolean | 'throws' {
  try {
    return run();
  } catch {
    return 'throws';
  }
}

export function measureAgreement(family: ReferenceFamily, matcher: PatternMatcher): Agreement {
  const failures: string[] = [];
  let agreeWithExpected = 0;
  let agreeWithEngine = 0;
  const count = (from: string, got: boolean | 'throws', expected: boolean, engine: boolean, what: string) => {
    if (got === expected) agreeWithExpected++;
    else failures.push(`${from}: ${what}: expected ${expected}, got ${got}`);
    if (got === engine) agreeWithEngine++;
  };
  for (const { from, pattern, valid, departure } of family.validation) {
    const accepted = outcome(() => {
      matcher.validateEventPattern(pattern);
      return true;
    });
    const got = accepted === 'throws' ? false : accepted;
    count(from, got, valid, departure?.reference ?? valid, `accepts ${JSON.stringify(pattern)}`);
  }
  for (const { from, pattern, event, matches, departure } of family.matching) {
    const got = outcome(() => matcher.matchesEventPattern(pattern, event));
    const what = `${JSON.stringify(pattern)} matches ${JSON.stringify(event).slice(0, 200)}`;
    count(from, got, matches, departure?.reference ?? matches, what);
  }
  const cases = family.validation.length + family.matching.length;
  return { cases, agreeWithExpected, agreeWithEngine, failures };
}

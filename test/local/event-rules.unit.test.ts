import { describe, expect, it } from 'vitest';
import { compileRulePattern, parseRules, RulesFileError } from '../../infra/local/event-rules.js';

describe('A rules file with a pattern EventBridge refuses is refused when read, naming the rule', () => {
  it('names the rule, its place in the file and the place in the pattern', () => {
    // Prepare
    const raw = {
      rules: [
        { name: 'fine', event_pattern: { source: ['data-import'] }, target: 'fine.jsonl' },
        {
          name: 'inverted',
          event_pattern: { detail: { n: [{ numeric: ['>', 9, '<', 1] }] } },
          target: 'x.jsonl',
        },
      ],
    };

    // Act
    const reading = () => parseRules(raw, '/tmp');

    // Assess
    expect(reading).toThrow(RulesFileError);
    expect(reading).toThrow(
      'rule "inverted" (rules.1.event_pattern) has a pattern EventBridge refuses: pattern.detail.n.0: a numeric range needs its lower bound below its upper bound',
    );
  });

  it('refuses the empty pattern, which EventBridge refuses', () => {
    const raw = { rules: [{ name: 'everything', event_pattern: {}, target: 'all.jsonl' }] };

    expect(() => parseRules(raw, '/tmp')).toThrow(/rule "everything" .*pattern is empty/);
  });
});

describe('A compiled rule pattern matches without ever throwing', () => {
  it('matches anything-but with a list of prefixes against any event shape', () => {
    // Prepare
    const rule = {
      name: 'not-internal',
      event_pattern: { source: [{ 'anything-but': { prefix: ['aws.', 'x.'] } }] },
    };

    // Act
    const pattern = compileRulePattern(rule, 'a test');

    // Assess
    expect(pattern.matches({ source: 'data-import' })).toBe(true);
    expect(pattern.matches({ source: 'aws.s3' })).toBe(false);
    expect(pattern.matches({ source: { odd: true } })).toBe(false);
  });
});

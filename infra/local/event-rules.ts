import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type CompiledEventPattern, compileEventPattern, EventPatternError } from './event-pattern.js';

/**
 * The local rules file (default `infra/local/rules.json`, or DATA_IMPORT_EVENT_RULES_FILE):
 *
 * ```json
 * { "rules": [
 *   { "name": "account-created",
 *     "event_pattern": { "source": ["data-import"], "detail-type": ["account.created@v1"] },
 *     "target": ".local/targets/account-created.jsonl" }
 * ] }
 * ```
 *
 * `name` is unique; `event_pattern` uses EventBridge pattern syntax (./event-pattern.ts) and is
 * refused, naming the rule, when EventBridge would refuse it;
 * `target` is a JSONL file (relative paths resolve against the working directory) that
 * receives each matching event envelope as one line. `event_bus_name` (optional) limits
 * the rule to one bus; `enabled: false` switches it off.
 */
export interface LocalRule {
  name: string;
  event_pattern: Record<string, unknown>;
  target: string;
  event_bus_name?: string;
  enabled?: boolean;
}

export class RulesFileError extends Error {}

/**
 * Compiles a rule's pattern once, so matching it never throws; a pattern EventBridge would refuse
 * throws a RulesFileError naming the rule and the place in the pattern.
 */
export function compileRulePattern(
  rule: { readonly name: string; readonly event_pattern: unknown },
  where: string,
): CompiledEventPattern {
  try {
    return compileEventPattern(rule.event_pattern);
  } catch (error) {
    if (!(error instanceof EventPatternError)) throw error;
    throw new RulesFileError(
      `rule "${rule.name}" (${where}) has a pattern EventBridge refuses: ${error.message}`,
    );
  }
}

export function parseRules(raw: unknown, baseDir = process.cwd()): LocalRule[] {
  if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { rules?: unknown }).rules)) {
    throw new RulesFileError('the rules file must be an object with a "rules" array');
  }
  const names = new Set<string>();
  return (raw as { rules: unknown[] }).rules.map((entry, index) => {
    const rule = entry as Partial<LocalRule>;
    if (typeof rule.name !== 'string' || rule.name === '')
      throw new RulesFileError(`rules.${index}.name is required`);
    if (names.has(rule.name)) throw new RulesFileError(`rule name ${rule.name} is used twice`);
    names.add(rule.name);
    if (typeof rule.target !== 'string' || rule.target === '') {
      throw new RulesFileError(`rules.${index}.target (a JSONL file path) is required`);
    }
    compileRulePattern(
      { name: rule.name, event_pattern: rule.event_pattern },
      `rules.${index}.event_pattern`,
    );
    return {
      name: rule.name,
      event_pattern: rule.event_pattern as Record<string, unknown>,
      target: resolve(baseDir, rule.target),
      ...(rule.event_bus_name ? { event_bus_name: rule.event_bus_name } : {}),
      enabled: rule.enabled !== false,
    };
  });
}

/** Reads the rules file; a missing file means no rules. */
export function loadRules(file: string): LocalRule[] {
  if (!existsSync(file)) return [];
  return parseRules(JSON.parse(readFileSync(file, 'utf8')));
}

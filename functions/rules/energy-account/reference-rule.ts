import type { FieldError } from '../../errors.js';
import type {
  NameKind,
  ReferenceData,
  ReferenceEntries,
  ReferenceKind,
} from '../reference-data/reference-kinds.js';
import type { Item } from './payload-rule.js';
import { fieldError, fieldOf, itemsAtAll, text } from './payload-rule.js';

/**
 * A published rule of the account payload that is judged against reference data (the
 * platform's configuration the operator loads). Pure: the data is given. When a kind it needs
 * is not loaded, the rule is skipped, and the fields it would have judged are named in a
 * `reference_data_not_loaded` warning.
 */
export interface ReferenceRule {
  rule: string;
  codes: readonly string[];
  /** The kinds it needs: all must be loaded for it to run. */
  kinds: readonly ReferenceKind[];
  /** The paths of the fields it would judge in this account (none: it has nothing to judge). */
  judged: (account: Item) => string[];
  /** Every breach, given every kind it needs (`data[kind]` is defined for each). `today` is `YYYY-MM-DD`. */
  check: (
    account: Item,
    data: Required<Pick<ReferenceEntries, ReferenceKind>>,
    today: string,
  ) => FieldError[];
}

/** A warning that a kind of reference data a rule needs is not loaded, so the rule was skipped. */
export interface ReferenceDataWarning {
  /** The first field that could not be judged (v2: with its `payload.` prefix). */
  attr: string;
  code: 'reference_data_not_loaded';
  detail: string;
  /** The kind of reference data that is not loaded. */
  kind: ReferenceKind;
}

const indexes = new WeakMap<object, Map<string, unknown>>();

/**
 * An index of a loaded list (a set of names, a map by code), built once per list: the store keeps
 * what it read for a minute, so a warm function indexes each kind once a minute, not per account.
 */
export function indexOf<T>(list: readonly unknown[], name: string, build: () => T): T {
  let built = indexes.get(list);
  if (!built) {
    built = new Map();
    indexes.set(list, built);
  }
  if (!built.has(name)) built.set(name, build());
  return built.get(name) as T;
}

/** The values of a text field at the patterns, with their paths. */
export const valuesAt = (account: Item, at: readonly string[], field: string) =>
  itemsAtAll(account, at).flatMap(({ item, attr }) => {
    const value = text(item, field);
    return value === undefined ? [] : [{ value, attr: fieldOf(attr, field), item }];
  });

/** A name field that must name an entry of a kind of names (a team, a ledger code, a campaign…). */
export function nameRule(spec: {
  rule: string;
  code: string;
  kind: NameKind;
  at: readonly string[];
  field: string;
  detail: (value: string) => string;
  /** How a value and an entry compare (default: exactly). */
  normalise?: (value: string) => string;
}): ReferenceRule {
  const normalise = spec.normalise ?? ((value: string) => value);
  return {
    rule: spec.rule,
    codes: [spec.code],
    kinds: [spec.kind],
    judged: (account) => valuesAt(account, spec.at, spec.field).map(({ attr }) => attr),
    check: (account, data) => {
      const names = indexOf(
        data[spec.kind],
        spec.normalise ? 'normalised names' : 'names',
        () => new Set(data[spec.kind].map(normalise)),
      );
      return valuesAt(account, spec.at, spec.field)
        .filter(({ value }) => !names.has(normalise(value)))
        .map(({ value, attr }) => fieldError(attr, spec.code, spec.detail(value)));
    },
  };
}

/**
 * The errors of the rules whose kinds are all loaded, and a warning per kind that some rule
 * needed for a field of this account but is not loaded.
 */
export function referenceRuleOutcome(
  rules: readonly ReferenceRule[],
  account: Item,
  data: ReferenceData,
  today: string,
): { errors: FieldError[]; warnings: ReferenceDataWarning[] } {
  const errors: FieldError[] = [];
  const missing = new Map<ReferenceKind, string>();
  for (const rule of rules) {
    const absent = rule.kinds.filter((kind) => data[kind] === undefined);
    if (absent.length === 0) {
      errors.push(...rule.check(account, data as Required<ReferenceData>, today));
      continue;
    }
    const [first] = rule.judged(account);
    if (first === undefined) continue;
    for (const kind of absent) if (!missing.has(kind)) missing.set(kind, first);
  }
  const warnings = [...missing].map(([kind, attr]) => ({
    attr,
    code: 'reference_data_not_loaded' as const,
    detail: `No ${kind} reference data is loaded in this environment, so the rules that need it were not applied; the operator loads it with \`reference-data load\`.`,
    kind,
  }));
  return { errors, warnings };
}

import type { FieldError } from '../../errors.js';
import type { Item, Located, PayloadRule } from './payload-rule.js';
import { fieldError, fieldOf, given, itemsAtAll, list, text } from './payload-rule.js';
import { dayOf, instantOf } from './payload-values.js';

/**
 * Shapes most published rules share, so that each rule file states only what its rule checks:
 * a condition on an item, a field's format, two dates in order, a date not in the future, values
 * unique in a list.
 */

interface Placed {
  rule: string;
  code: string;
  /** Where the rule's component sits in the payload (path patterns, see `itemsAt`). */
  at: readonly string[];
  detail: string;
}

/** A breach of an item, reported at the item or at one of its fields. */
export function itemRule(
  spec: Placed & { field?: string; breaks: (item: Item, account: Item, today: string) => boolean },
): PayloadRule {
  return {
    rule: spec.rule,
    codes: [spec.code],
    check: (account, today) =>
      itemsAtAll(account, spec.at)
        .filter(({ item }) => spec.breaks(item, account, today))
        .map(({ attr }) => fieldError(spec.field ? fieldOf(attr, spec.field) : attr, spec.code, spec.detail)),
  };
}

/** A text field, when given, in its format. */
export function formatRule(
  spec: Placed & { field: string; valid: (value: string, item: Item, account: Item) => boolean },
): PayloadRule {
  return itemRule({
    ...spec,
    breaks: (item, account) => {
      const value = text(item, spec.field);
      return value !== undefined && !spec.valid(value, item, account);
    },
  });
}

/** An end date (or date-time), when given, not before (or, `strict`, not on or before) its start. */
export function dateOrderRule(
  spec: Omit<Placed, 'detail'> & { from: string; to: string; strict?: boolean },
): PayloadRule {
  const word = spec.strict ? 'after' : 'on or after';
  return itemRule({
    ...spec,
    field: spec.to,
    detail: `${spec.to} must be ${word} ${spec.from}.`,
    breaks: (item) => {
      const from = text(item, spec.from);
      const to = text(item, spec.to);
      if (from === undefined || to === undefined) return false;
      const [start, end] = [instantOf(from), instantOf(to)];
      return spec.strict ? end <= start : end < start;
    },
  });
}

/** A date or date-time field, when given, not after today. */
export function notFutureRule(
  spec: Omit<Placed, 'detail'> & { field: string; detail?: string },
): PayloadRule {
  return itemRule({
    ...spec,
    detail: spec.detail ?? `${spec.field} may not be after today.`,
    breaks: (item, _account, today) => {
      const value = text(item, spec.field);
      return value !== undefined && dayOf(value) > today;
    },
  });
}

/**
 * Items of a list whose key repeats one of an earlier item of the same list, reported at the
 * later item's `field` (or the item itself). `list` is the list field of each located parent.
 */
export function uniqueRule(
  spec: Placed & { list: string; field?: string; keyOf: (item: Item) => string | undefined },
): PayloadRule {
  return {
    rule: spec.rule,
    codes: [spec.code],
    check: (account) => itemsAtAll(account, spec.at).flatMap((parent) => duplicates(parent, spec)),
  };
}

function duplicates(
  parent: Located,
  spec: Placed & { list: string; field?: string; keyOf: (item: Item) => string | undefined },
): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  list(parent.item, spec.list).forEach((item, index) => {
    const key = spec.keyOf(item);
    if (key === undefined) return;
    const attr = fieldOf(parent.attr, `${spec.list}.${index}`);
    if (seen.has(key))
      errors.push(fieldError(spec.field ? `${attr}.${spec.field}` : attr, spec.code, spec.detail));
    seen.add(key);
  });
  return errors;
}

/** Not both fields of an item: reported at the second. */
export function exclusiveRule(spec: Placed & { one: string; other: string }): PayloadRule {
  return itemRule({
    ...spec,
    field: spec.other,
    breaks: (item) => given(item, spec.one) && given(item, spec.other),
  });
}

/** The key of an item as the JSON text of some of its fields (for equality). */
export const keyOfFields =
  (...fields: string[]) =>
  (item: Item): string =>
    JSON.stringify(fields.map((field) => item[field] ?? null));

import type { FieldError } from '../../errors.js';

/**
 * A published rule of the account payload (`EnergyAccount` and its components) that the payload
 * alone decides, with today's date: pure, no I/O. `rule` names the published rule as
 * schemas/account/rule-classes.ts keys it: `<Component>[.<field>]: <published name>` (the name
 * without its markup); `codes` are the published error codes it answers with.
 */
export interface PayloadRule {
  rule: string;
  codes: readonly string[];
  /** Every breach in the account, at the offending field's dotted path. `today` is `YYYY-MM-DD`. */
  check: (account: Item, today: string) => FieldError[];
}

/** A JSON object of the validated payload, read through the accessors below. */
export type Item = { readonly [field: string]: unknown };

/** One item found in the payload with its dotted path (zero-based indexes). */
export interface Located {
  item: Item;
  attr: string;
}

const isItem = (value: unknown): value is Item =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The text of a field, or undefined when absent, null or not a string. */
export const text = (item: Item, field: string): string | undefined =>
  typeof item[field] === 'string' ? (item[field] as string) : undefined;

/** The items of an array field (absent or null: none). */
export const list = (item: Item, field: string): Item[] =>
  Array.isArray(item[field]) ? (item[field] as unknown[]).filter(isItem) : [];

/** An object field, or undefined. */
export const child = (item: Item, field: string): Item | undefined =>
  isItem(item[field]) ? (item[field] as Item) : undefined;

/** True when a field holds a value (null means absent, as the payload's contract says). */
export const given = (item: Item, field: string): boolean =>
  item[field] !== undefined && item[field] !== null;

/** True when a text field holds something other than blanks. */
export const filled = (item: Item, field: string): boolean => (text(item, field) ?? '').trim() !== '';

/**
 * Every item at a path pattern: fields separated by `.`, `[]` after an array field, or
 * `[field=VALUE]` for the items of an array whose field has that value (a union's branch), e.g.
 * `supply_addresses[].meter_points[supply_type=GAS].agreements[]`.
 */
export function itemsAt(account: Item, pattern: string): Located[] {
  if (pattern === '') return [{ item: account, attr: '' }];
  let found: Located[] = [{ item: account, attr: '' }];
  for (const step of pattern.split('.')) {
    const [, field = step, filter] = /^([^[]+)(?:\[([^\]]*)\])?$/.exec(step) ?? [];
    const many = filter !== undefined;
    const [key, value] = filter ? filter.split('=') : [];
    const next: Located[] = [];
    for (const { item, attr } of found) {
      const at = attr ? `${attr}.${field}` : field;
      if (many) {
        list(item, field).forEach((element, index) => {
          if (key === undefined || element[key] === value)
            next.push({ item: element, attr: `${at}.${index}` });
        });
      } else {
        const element = child(item, field);
        if (element) next.push({ item: element, attr: at });
      }
    }
    found = next;
  }
  return found;
}

/** Every item at any of the patterns. */
export const itemsAtAll = (account: Item, patterns: readonly string[]): Located[] =>
  patterns.flatMap((pattern) => itemsAt(account, pattern));

/** A field error. */
export const fieldError = (attr: string, code: string, detail: string): FieldError => ({
  attr,
  code,
  detail,
});

/** The dotted path of a field of a located item (the account itself has the empty path). */
export const fieldOf = (at: string, field: string): string => (at ? `${at}.${field}` : field);

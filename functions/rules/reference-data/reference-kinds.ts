/**
 * Reference data: the platform's configuration that some published account rules are judged
 * against (teams, products, tariffs, ledgers, …). The operator loads it per environment
 * (`npm run ops -- reference-data load FILE.json`), one list per kind; loading a kind replaces it
 * whole, and a kind given as `[]` is unloaded (its rules are then skipped). Pure: parsing and
 * indexing only.
 */

/** Kinds whose entries are names (or codes) and nothing else. */
export const NAME_KINDS = [
  'operations_teams',
  'dunning_paths',
  'ledger_codes',
  'campaigns',
  'consent_types',
  'account_reference_namespaces',
  'payment_plan_strategies',
  'internal_email_addresses',
  'partner_organisations',
  'affiliate_organisations',
  'contribution_schemes',
  'market_participants',
  'tprs',
  'complaint_sources',
] as const;
export type NameKind = (typeof NAME_KINDS)[number];

export const REFERENCE_KINDS = [...NAME_KINDS, 'products', 'tariffs', 'psr_needs'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** A product: when it is available, whether its price varies, and its rate bands. */
export interface Product {
  code: string;
  /** First day it is available (`YYYY-MM-DD`). */
  available_from: string;
  /** Last day it is available, when it is end-dated. */
  available_to?: string;
  /** A variable (or tracker) product: agreements may not start before it is available. */
  variable: boolean;
  /** Its rate bands (`STANDING_CHARGE`, `DAY`, …); empty: not listed, bands are not judged. */
  rate_bands: string[];
}

/** A tariff: the product it prices, the supply it is for, its number of rates and whether it is prepay. */
export interface Tariff {
  code: string;
  product_code: string;
  supply_type: 'ELECTRICITY' | 'GAS';
  rates: number;
  prepay: boolean;
}

/** A priority services register need: its description, industry codes, and whether it is temporary. */
export interface PsrNeed {
  description: string;
  electricity_code?: string;
  gas_code?: string;
  temporary: boolean;
}

export type ReferenceEntries = {
  [K in ReferenceKind]: K extends 'products'
    ? Product[]
    : K extends 'tariffs'
      ? Tariff[]
      : K extends 'psr_needs'
        ? PsrNeed[]
        : string[];
};

/** What is loaded: a kind absent here is not loaded. */
export type ReferenceData = Partial<ReferenceEntries>;

export const isReferenceKind = (value: string): value is ReferenceKind =>
  (REFERENCE_KINDS as readonly string[]).includes(value);

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Problems with one entry, as sentences naming the field (`products.3.available_from …`). */
type EntryCheck = (entry: unknown, at: string) => string[];

function fields(entry: unknown, at: string, allowed: readonly string[]): string[] {
  if (!isObject(entry)) return [`${at} must be an object`];
  return Object.keys(entry)
    .filter((field) => !allowed.includes(field))
    .map((field) => `${at}.${field} is not a field of this kind (${allowed.join(', ')})`);
}
const textAt = (entry: Raw, at: string, field: string, required: boolean): string[] => {
  const value = entry[field];
  if (value === undefined && !required) return [];
  return typeof value === 'string' && value.trim() !== ''
    ? []
    : [`${at}.${field} must be a non-empty string`];
};
const dateAt = (entry: Raw, at: string, field: string, required: boolean): string[] => {
  const value = entry[field];
  if (value === undefined && !required) return [];
  return typeof value === 'string' && DATE.test(value) ? [] : [`${at}.${field} must be a date YYYY-MM-DD`];
};
const booleanAt = (entry: Raw, at: string, field: string): string[] =>
  entry[field] === undefined || typeof entry[field] === 'boolean'
    ? []
    : [`${at}.${field} must be true or false`];

const checks: Record<'products' | 'tariffs' | 'psr_needs', EntryCheck> = {
  products: (entry, at) => {
    const allowed = ['code', 'available_from', 'available_to', 'variable', 'rate_bands'];
    const shape = fields(entry, at, allowed);
    if (shape.length > 0 || !isObject(entry)) return shape;
    const bands = entry.rate_bands;
    return [
      ...textAt(entry, at, 'code', true),
      ...dateAt(entry, at, 'available_from', true),
      ...dateAt(entry, at, 'available_to', false),
      ...booleanAt(entry, at, 'variable'),
      ...(bands === undefined || (Array.isArray(bands) && bands.every((band) => typeof band === 'string'))
        ? []
        : [`${at}.rate_bands must be a list of strings`]),
    ];
  },
  tariffs: (entry, at) => {
    const allowed = ['code', 'product_code', 'supply_type', 'rates', 'prepay'];
    const shape = fields(entry, at, allowed);
    if (shape.length > 0 || !isObject(entry)) return shape;
    const rates = entry.rates;
    return [
      ...textAt(entry, at, 'code', true),
      ...textAt(entry, at, 'product_code', true),
      ...(entry.supply_type === 'ELECTRICITY' || entry.supply_type === 'GAS'
        ? []
        : [`${at}.supply_type must be ELECTRICITY or GAS`]),
      ...(rates === undefined || (Number.isInteger(rates) && (rates as number) >= 1)
        ? []
        : [`${at}.rates must be a whole number of at least 1`]),
      ...booleanAt(entry, at, 'prepay'),
    ];
  },
  psr_needs: (entry, at) => {
    const allowed = ['description', 'electricity_code', 'gas_code', 'temporary'];
    const shape = fields(entry, at, allowed);
    if (shape.length > 0 || !isObject(entry)) return shape;
    return [
      ...textAt(entry, at, 'description', true),
      ...textAt(entry, at, 'electricity_code', false),
      ...textAt(entry, at, 'gas_code', false),
      ...booleanAt(entry, at, 'temporary'),
    ];
  },
};

const nameCheck: EntryCheck = (entry, at) =>
  typeof entry === 'string' && entry.trim() !== '' ? [] : [`${at} must be a non-empty string`];

/** One kind's entries with their defaults filled in (entries already checked). */
function normalised(kind: ReferenceKind, entries: unknown[]): unknown[] {
  if (kind === 'products')
    return (entries as Raw[]).map((entry) => ({
      ...entry,
      variable: entry.variable ?? false,
      rate_bands: entry.rate_bands ?? [],
    }));
  if (kind === 'tariffs')
    return (entries as Raw[]).map((entry) => ({
      ...entry,
      rates: entry.rates ?? 1,
      prepay: entry.prepay ?? false,
    }));
  if (kind === 'psr_needs')
    return (entries as Raw[]).map((entry) => ({ ...entry, temporary: entry.temporary ?? false }));
  return entries;
}

export type ParsedReferenceFile =
  | { ok: true; data: ReferenceData; unloaded: ReferenceKind[] }
  | { ok: false; problems: string[] };

/**
 * A reference-data file: an object with a list per kind (any subset of the kinds). Every problem
 * is reported (an unknown kind, an entry of the wrong shape, a repeated code); a kind given as
 * `[]` is to be unloaded.
 */
export function parseReferenceFile(raw: unknown): ParsedReferenceFile {
  if (!isObject(raw))
    return { ok: false, problems: ['the file must hold a JSON object with a list per kind'] };
  const problems: string[] = [];
  const data: Record<string, unknown[]> = {};
  const unloaded: ReferenceKind[] = [];
  for (const [kind, entries] of Object.entries(raw)) {
    if (!isReferenceKind(kind)) {
      problems.push(`${kind} is not a kind of reference data (${REFERENCE_KINDS.join(', ')})`);
      continue;
    }
    if (!Array.isArray(entries)) {
      problems.push(`${kind} must be a list`);
      continue;
    }
    const check = kind in checks ? checks[kind as keyof typeof checks] : nameCheck;
    const found = entries.flatMap((entry, index) => check(entry, `${kind}.${index}`));
    const keyOf = (entry: unknown) =>
      typeof entry === 'string'
        ? entry
        : isObject(entry)
          ? [entry.supply_type, entry.code ?? entry.description].filter(Boolean).join(' ')
          : '';
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      const key = keyOf(entry);
      if (seen.has(key)) found.push(`${kind}.${index} repeats ${JSON.stringify(key)}`);
      seen.add(key);
    });
    problems.push(...found);
    if (found.length === 0) {
      if (entries.length === 0) unloaded.push(kind);
      else data[kind] = normalised(kind, entries);
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, data: data as ReferenceData, unloaded };
}

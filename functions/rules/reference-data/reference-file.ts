import {
  DETAIL_VALUE_TYPES,
  isReferenceKind,
  RECORD_KINDS,
  REFERENCE_KINDS,
  type RecordKind,
  type ReferenceData,
  type ReferenceKind,
} from './reference-kinds.js';

/**
 * A reference-data file as the operator writes it: an object with a list per kind (any subset of
 * the kinds). Parsing reports every problem, so that a bad file is refused whole. Pure.
 */

const isRecordKind = (kind: string): kind is RecordKind => (RECORD_KINDS as readonly string[]).includes(kind);

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

const textList = (entry: Raw, at: string, field: string, required: boolean): string[] => {
  const value = entry[field];
  if (value === undefined && !required) return [];
  return Array.isArray(value) && value.every((item) => typeof item === 'string' && item.trim() !== '')
    ? []
    : [`${at}.${field} must be a list of non-empty strings`];
};
const choiceAt = (entry: Raw, at: string, field: string, choices: readonly string[]): string[] =>
  entry[field] === undefined || choices.includes(String(entry[field]))
    ? []
    : [`${at}.${field} must be one of ${choices.join(', ')}`];
const patternAt = (entry: Raw, at: string, field: string): string[] => {
  if (entry[field] === undefined) return [];
  try {
    new RegExp(String(entry[field]), 'u');
    return typeof entry[field] === 'string' ? [] : [`${at}.${field} must be a regular expression`];
  } catch {
    return [`${at}.${field} must be a regular expression`];
  }
};

/** An entry of fields: the allowed ones, each checked. */
const record =
  (allowed: readonly string[], check: (entry: Raw, at: string) => string[]): EntryCheck =>
  (entry, at) => {
    const shape = fields(entry, at, allowed);
    return shape.length > 0 || !isObject(entry) ? shape : check(entry, at);
  };

const checks: Record<RecordKind, EntryCheck> = {
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
  complaint_types: record(['type', 'subtypes'], (entry, at) => [
    ...textAt(entry, at, 'type', true),
    ...textList(entry, at, 'subtypes', false),
  ]),
  official_complaint_bodies: record(['name', 'statuses'], (entry, at) => [
    ...textAt(entry, at, 'name', true),
    ...textList(entry, at, 'statuses', false),
  ]),
  customer_detail_namespaces: record(['namespace', 'type'], (entry, at) => [
    ...textAt(entry, at, 'namespace', true),
    ...choiceAt(entry, at, 'type', DETAIL_VALUE_TYPES),
  ]),
  business_detail_keys: record(['key', 'type', 'pattern'], (entry, at) => [
    ...textAt(entry, at, 'key', true),
    ...choiceAt(entry, at, 'type', DETAIL_VALUE_TYPES),
    ...patternAt(entry, at, 'pattern'),
  ]),
  product_characteristics: record(['code', 'values'], (entry, at) => [
    ...textAt(entry, at, 'code', true),
    ...textList(entry, at, 'values', true),
  ]),
  agent_contract_references: record(
    ['agent_mpid', 'contract_reference', 'service_reference', 'service_level_reference'],
    (entry, at) => [
      ...textAt(entry, at, 'agent_mpid', true),
      ...textAt(entry, at, 'contract_reference', true),
      ...textAt(entry, at, 'service_reference', false),
      ...textAt(entry, at, 'service_level_reference', false),
    ],
  ),
};

/** The fields that identify an entry of a kind: no two entries may share them. */
const IDENTITY: Record<RecordKind, readonly string[]> = {
  products: ['code'],
  tariffs: ['supply_type', 'code'],
  psr_needs: ['description'],
  complaint_types: ['type'],
  official_complaint_bodies: ['name'],
  customer_detail_namespaces: ['namespace'],
  business_detail_keys: ['key'],
  product_characteristics: ['code'],
  agent_contract_references: [
    'agent_mpid',
    'contract_reference',
    'service_reference',
    'service_level_reference',
  ],
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
  if (kind === 'complaint_types')
    return (entries as Raw[]).map((entry) => ({ ...entry, subtypes: entry.subtypes ?? [] }));
  if (kind === 'official_complaint_bodies')
    return (entries as Raw[]).map((entry) => ({ ...entry, statuses: entry.statuses ?? [] }));
  if (kind === 'customer_detail_namespaces' || kind === 'business_detail_keys')
    return (entries as Raw[]).map((entry) => ({ ...entry, type: entry.type ?? 'any' }));
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
    const check = isRecordKind(kind) ? checks[kind] : nameCheck;
    const found = entries.flatMap((entry, index) => check(entry, `${kind}.${index}`));
    const keyOf = (entry: unknown) =>
      typeof entry === 'string'
        ? entry
        : isObject(entry) && isRecordKind(kind)
          ? IDENTITY[kind]
              .map((field) => entry[field])
              .filter((value) => value !== undefined)
              .join(' ')
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

import { gunzipSync } from 'node:zlib';
import type { EventDetail } from '../../../functions/events/outbox.js';
import type { Subject } from './world.js';

/**
 * What makes two runs of the same request comparable: a subject's items and events with
 * everything that differs between two correct runs replaced by a placeholder (its supplier,
 * account numbers, the numbers the service allocates, times, ids), and sharded aggregates
 * folded into one item. A crash case and the clean run must then be equal.
 */
type Item = Record<string, unknown>;

const PATTERNS: [RegExp, string][] = [
  [/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?/g, '<time>'],
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>'],
  [/\bA-[0-9A-F]{8}\b/g, '<account>'],
  [/\bL-[0-9A-F]{8}\b/g, '<ledger>'],
  [/\bJSP-[0-9A-F]{8}\b/g, '<jsp>'],
];

/** Seconds since the epoch (TTL attributes): differ between runs by when they ran. */
const EPOCH_SECONDS = new Set(['expires_at']);
/**
 * Hashes of content that holds the subject's own names (a statement's resolved document path, a
 * bulk job's input file and so its ETag).
 */
const HASHES = new Set(['content_hash', 'input_etag']);

/** A gzip value's text; undefined for other bytes (a part of an account body is a slice of a gzip stream). */
export function gunzippedText(bytes: Uint8Array): string | undefined {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return undefined;
  try {
    return gunzipSync(bytes).toString('utf8');
  } catch {
    return undefined;
  }
}

function decode(bytes: Uint8Array): unknown {
  const text = gunzippedText(bytes);
  if (text === undefined) return `<${bytes.length} bytes>`;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Ledger entry ids are allocated numbers with gaps allowed (ids reserved for transactions that
 * turned out to exist, or by a request cut short, stay unused): a transaction's id, and the id
 * its ledger event carries, are compared as "the id of that transaction"; the account's counter
 * and the hint of it are not compared (the oracle checks every id is below the counter).
 */
const LEDGER_COUNTERS = new Set(['next_ledger_entry_id', 'ledger_entry_id_hint']);

function ledgerIdsOf(items: readonly Item[]): Map<number, string> {
  const ids = new Map<number, string>();
  for (const item of items) {
    if (String(item.sk).startsWith('TXN#') && typeof item.ledger_entry_id === 'number') {
      ids.set(item.ledger_entry_id, `<ledger id of ${String(item.transaction_id)}>`);
    }
  }
  return ids;
}

/**
 * Integer ids the service allocates (users, consents, agreements…) come from one counter per
 * environment, so two runs of one creation get different blocks: an id is compared as its place in
 * its account's block (`first_service_id`, kept on the account item), as `<service id +k>`.
 */
const SERVICE_ID_KEYS = new Set(['user_id', 'id', 'agreement_id', 'business_id', 'first_service_id']);

/** The blocks of the subject's accounts (a bulk job's subject has one account per line). */
function serviceIdBlocksOf(items: readonly Item[]): { first: number; count: number }[] {
  return items
    .filter((item) => item.sk === 'ACCOUNT' && typeof item.first_service_id === 'number')
    .map((account) => ({
      first: account.first_service_id as number,
      count: Number(account.service_id_count ?? 0),
    }));
}

/** Replaces what differs between two correct runs; `items` are the subject's (for its ledger ids). */
export function normalizer(subject: Subject, items: readonly Item[] = []) {
  const ledgerIds = ledgerIdsOf(items);
  const blocks = serviceIdBlocksOf(items);
  const serviceId = (id: number) => {
    const block = blocks.find(({ first, count }) => id >= first && id < first + count);
    return block ? `<service id +${id - block.first}>` : id;
  };
  // An account body kept in parts is named by the hash of its bytes, which hold the subject's own
  // names: the same body of two subjects has two hashes, compared as "the account's body".
  const bodies = items.flatMap(
    (item) => (item.account_body as { sha256?: string } | undefined)?.sha256 ?? [],
  );
  const tokens: [string, string][] = [
    ...bodies.map((sha256) => [sha256, '<account body>'] as [string, string]),
    [subject.external, '<external>'],
    [subject.supplier, '<supplier>'],
    [subject.rootLocation, '<root>'],
    ...Object.entries({ ...subject.data.tokens, ...subject.data.placeholders } as Record<string, string>).map(
      ([name, value]) => [value, `<${name}>`] as [string, string],
    ),
  ];
  const text = (value: string) => {
    let out = value;
    for (const [token, placeholder] of tokens) out = out.split(token).join(placeholder);
    // A user's key and number carry its service id (`USER#000000000009`, `U-00000009` in hex).
    out = out.replace(/^USER#(\d{12})$/, (_all, id: string) => `USER#${serviceId(Number(id))}`);
    out = out.replace(/^U-([0-9A-F]{8,})$/, (_all, id: string) => `U-${serviceId(Number.parseInt(id, 16))}`);
    for (const [pattern, placeholder] of PATTERNS) out = out.replace(pattern, placeholder);
    return out;
  };
  const number = (input: number, key: string, parent: string): unknown => {
    if (EPOCH_SECONDS.has(key)) return '<epoch>';
    if (parent === 'account_body' && key === 'bytes') return '<compressed bytes>';
    if (LEDGER_COUNTERS.has(key)) return '<ledger counter>';
    if (key === 'ledger_entry_id' || (parent === 'entry' && key === 'id'))
      return ledgerIds.get(input) ?? input;
    if (SERVICE_ID_KEYS.has(key)) return serviceId(input);
    return input;
  };
  const value = (input: unknown, key = '', parent = ''): unknown => {
    if (typeof input === 'string') return HASHES.has(key) ? '<hash>' : text(input);
    if (typeof input === 'number') return number(input, key, parent);
    // A part of an account body is a slice of its gzip stream: judged by the body that names it.
    if (input instanceof Uint8Array && key === 'data') return '<account body part>';
    if (input instanceof Uint8Array) return value(decode(input), key, parent);
    if (input instanceof Set) return [...input].map((entry) => value(entry)).sort();
    if (Array.isArray(input)) return input.map((entry) => value(entry));
    if (input && typeof input === 'object') {
      return Object.fromEntries(
        Object.entries(input as Item)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([name, entry]) => [name, value(entry, name, key)]),
      );
    }
    return input;
  };
  return { text, value };
}

/** Summary and counter shards (`SUMMARY#0003`, `COUNTER#0001`) folded into one item each. */
export function foldShards(items: readonly Item[]): Item[] {
  const folded = new Map<string, Item>();
  const rest: Item[] = [];
  for (const item of items) {
    const shard = /^(SUMMARY|COUNTER)#\d+$/.exec(String(item.sk));
    if (!shard) {
      rest.push(item);
      continue;
    }
    const key = `${String(item.pk)}|${shard[1]}`;
    const into = folded.get(key) ?? { pk: item.pk, sk: `${shard[1]}#*` };
    for (const [name, entry] of Object.entries(item)) {
      if (name === 'pk' || name === 'sk') continue;
      const before = into[name];
      if (typeof entry === 'number') into[name] = (typeof before === 'number' ? before : 0) + entry;
      else if (entry instanceof Set) into[name] = new Set([...((before as Set<unknown>) ?? []), ...entry]);
      else into[name] = entry;
    }
    folded.set(key, into);
  }
  for (const item of folded.values()) {
    for (const [name, entry] of Object.entries(item)) if (entry === 0) delete item[name];
  }
  return [...rest, ...folded.values()];
}

/**
 * Bookkeeping that says how the outcome was reached, not what it is: where a shard write
 * landed, and how many workers claimed a task (a worker that died counted one).
 */
const BOOKKEEPING = new Set(['id_bytes', 'updated_at', 'attempts']);

/** The subject's state as sorted lines, ready to compare. */
export function stateLines(subject: Subject, items: readonly Item[]): string[] {
  const { value } = normalizer(subject, items);
  return foldShards(items.filter((item) => !String(item.pk).startsWith('OUTBOX#')))
    .map((item) => {
      const kept = Object.fromEntries(Object.entries(item).filter(([name]) => !BOOKKEEPING.has(name)));
      return JSON.stringify(value(kept));
    })
    .sort();
}

/** The subject's events as a set of lines (type, version, payload), without ids and times. */
export function eventLines(
  subject: Subject,
  events: readonly EventDetail[],
  items: readonly Item[] = [],
): string[] {
  const { value } = normalizer(subject, items);
  return [
    ...new Set(
      events.map((event) => `${event.event_type}@${event.version} ${JSON.stringify(value(event.payload))}`),
    ),
  ].sort();
}

/** Lines of `a` missing from `b`, counting repeats (a line twice in `a` and once in `b` is missing once). */
export function missingFrom(a: readonly string[], b: readonly string[]): string[] {
  const have = new Map<string, number>();
  for (const line of b) have.set(line, (have.get(line) ?? 0) + 1);
  return a.filter((line) => {
    const left = have.get(line) ?? 0;
    have.set(line, left - 1);
    return left <= 0;
  });
}

const flat = (value: unknown, prefix = '', out: Record<string, string> = {}) => {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [name, entry] of Object.entries(value)) flat(entry, prefix ? `${prefix}.${name}` : name, out);
  } else {
    out[prefix] = JSON.stringify(value);
  }
  return out;
};

/**
 * The differences between the clean run's state lines and a case's, item by item: an item
 * only one side has, or the attributes that differ (`TASK status: "PROCESSED" → "PENDING"`).
 */
export function stateDifferences(reference: readonly string[], state: readonly string[]): string[] {
  const lacks = missingFrom(reference, state).map((line) => JSON.parse(line) as Record<string, unknown>);
  const has = missingFrom(state, reference).map((line) => JSON.parse(line) as Record<string, unknown>);
  const key = (item: Record<string, unknown>) => `${String(item.pk)} ${String(item.sk)}`;
  const out: string[] = [];
  for (const expected of lacks) {
    const index = has.findIndex((item) => key(item) === key(expected));
    if (index < 0) {
      out.push(`item ${key(expected)} missing`);
      continue;
    }
    const [actual] = has.splice(index, 1);
    const a = flat(expected);
    const b = flat(actual);
    const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((name) => a[name] !== b[name]);
    out.push(
      `item ${key(expected)}: ${names.map((name) => `${name} ${a[name] ?? '(none)'} → ${b[name] ?? '(none)'}`).join(', ')}`,
    );
  }
  for (const extra of has) out.push(`item ${key(extra)} not in the clean run`);
  return out;
}

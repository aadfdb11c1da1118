import { paginateQuery, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { integerEnv } from '../config.js';
import type { ReferenceData, ReferenceKind } from '../rules/reference-data/reference-kinds.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { keys, REFERENCE_DATA_PARTITION, referenceDataPrefix } from './keys.js';
import { type TransactItem, transactWrite } from './transact-write.js';

/**
 * Reference data in the table: each kind is kept as its entries' JSON text split in parts
 * (`REFERENCE` / `KIND#<kind>#<n>`), so that a kind may outgrow one item. Every kind shares one
 * partition: a validating function reads all of them with one Query (paged).
 *
 * The clock: a function keeps what it read for REFERENCE_DATA_CACHE_SECONDS (60 s), so it reads
 * reference data at most once a minute per instance, and a load reaches every warm function
 * within a minute. DATA_IMPORT_REFERENCE_DATA_CACHE_SECONDS may shorten it (the local runtime
 * uses 0, so that a load applies at once); it cannot lengthen it.
 */
export const REFERENCE_DATA_CACHE_SECONDS = 60;
const CACHE_SECONDS = integerEnv('DATA_IMPORT_REFERENCE_DATA_CACHE_SECONDS', REFERENCE_DATA_CACHE_SECONDS, {
  min: 0,
  max: REFERENCE_DATA_CACHE_SECONDS,
});

/** Characters of entries' JSON per part: an item stays well under DynamoDB's 400 KB. */
export const REFERENCE_PART_CHARACTERS = 300_000;
/** Parts per kind: a load of a kind is one transaction (100 items, 4 MB) with its old parts' deletes. */
export const MAX_REFERENCE_PARTS = 10;

let cache: { data: ReferenceData; until: number } | undefined;

/** Every kind loaded, as last read (at most REFERENCE_DATA_CACHE_SECONDS old). */
export async function readReferenceData(now = Date.now()): Promise<ReferenceData> {
  if (cache && cache.until > now) return cache.data;
  const parts = new Map<string, { part: number; entries: string }[]>();
  const pages = paginateQuery(
    { client: documentClient },
    {
      TableName: TABLE_NAME,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': REFERENCE_DATA_PARTITION },
      ConsistentRead: true,
    },
  );
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      const kind = String(item.kind);
      parts.set(kind, [
        ...(parts.get(kind) ?? []),
        { part: Number(item.part), entries: String(item.entries) },
      ]);
    }
  }
  const data: Record<string, unknown[]> = {};
  for (const [kind, kindParts] of parts) {
    const text = kindParts
      .sort((a, b) => a.part - b.part)
      .map(({ entries }) => entries)
      .join('');
    data[kind] = JSON.parse(text) as unknown[];
  }
  if (CACHE_SECONDS > 0) cache = { data: data as ReferenceData, until: now + CACHE_SECONDS * 1000 };
  return data as ReferenceData;
}

/** Forget what was read (tests; a load otherwise applies within the cache time). */
export function clearReferenceDataCache(): void {
  cache = undefined;
}

/** A kind's entries as JSON text in parts; undefined when it needs more than MAX_REFERENCE_PARTS. */
export function referenceParts(entries: readonly unknown[]): string[] | undefined {
  const text = JSON.stringify(entries);
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += REFERENCE_PART_CHARACTERS) {
    parts.push(text.slice(start, start + REFERENCE_PART_CHARACTERS));
  }
  return parts.length <= MAX_REFERENCE_PARTS ? parts : undefined;
}

async function storedPartCount(kind: ReferenceKind): Promise<number> {
  const { Count } = await documentClient.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': REFERENCE_DATA_PARTITION, ':prefix': referenceDataPrefix(kind) },
      Select: 'COUNT',
      ConsistentRead: true,
    }),
  );
  return Count ?? 0;
}

/**
 * Replaces one kind whole (parts from `referenceParts`), or unloads it (`parts` empty): one
 * transaction, so a reader sees the old entries or the new ones, never a mix.
 */
export async function replaceReferenceKind(
  kind: ReferenceKind,
  parts: readonly string[],
  now: Date,
): Promise<void> {
  const stored = await storedPartCount(kind);
  const items: TransactItem[] = parts.map((entries, part) => ({
    Put: {
      TableName: TABLE_NAME,
      Item: {
        ...keys.referenceDataPart(kind, part),
        entity: 'ReferenceData',
        kind,
        part,
        parts: parts.length,
        entries,
        loaded_at: now.toISOString(),
      },
    },
  }));
  for (let part = parts.length; part < stored; part++) {
    items.push({ Delete: { TableName: TABLE_NAME, Key: keys.referenceDataPart(kind, part) } });
  }
  if (items.length === 0) return;
  const result = await transactWrite(items);
  if (!result.ok)
    throw new Error(
      `loading ${kind} was cancelled (${result.reasons.map((r) => r.code).join(', ')}); run it again`,
    );
  cache = undefined;
}

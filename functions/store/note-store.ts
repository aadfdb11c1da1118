import type { EventDetail } from '../events/outbox.js';
import { outboxPut } from '../events/outbox.js';
import type { ImportedAccount } from '../rules/import-process.js';
import type { NoteToStore } from '../rules/notes/note.js';
import { noteIdentity } from '../rules/notes/note-identity.js';
import { SummaryShard, summaryUpdate } from './account-summary-store.js';
import { batchGetItems, itemKey } from './batch-get.js';
import { LIMITS, TABLE_NAME } from './dynamodb.js';
import { chunkBySize, estimatedBytes, MAX_TRANSACTION_BYTES } from './item-size.js';
import { keys, type TableKey } from './keys.js';
import type { TransactItem } from './transact-write.js';
import { transactWriteWithRetry } from './transact-write-retry.js';

/**
 * Notes of an account (partition `ACCOUNT#<service number>`):
 *   `NOTE#<content hash>#<created_at>`  the note;
 *   `NOTEBODY#<content hash>`           marker: some note with this identity exists.
 * The content hash is the hash of the note's identity (its external id, else its content).
 * The identity rule (../rules/notes/note-identity.ts) says which key stands for it: a note
 * whose identity holds its `created_at` is new when its own key is free; one whose identity
 * does not is new when the marker is free. No read comes first: the writes are conditional on
 * those keys being free, a cancellation names the notes that exist, and the chunk is written
 * again without them. Concurrent identical requests store each note once.
 */

/** Keys and bookkeeping of the note item, its content marker and its event, on top of its own fields. */
export const PER_NOTE_OVERHEAD_BYTES = 2_000;

/** The stored form of a note (also used for the note a forced transaction request pins). */
export function noteItem(
  account: ImportedAccount,
  note: NoteToStore,
  recordedAt: string,
): Record<string, unknown> {
  return {
    ...keys.note(account.service_account_number, note.content_hash, note.created_at),
    entity: 'Note',
    note_id: note.note_id,
    account_number: account.service_account_number,
    content_hash: note.content_hash,
    created_at: note.created_at,
    ...(note.body !== undefined ? { body: note.body } : {}),
    ...(note.documents ? { documents: note.documents } : {}),
    ...(note.is_pinned !== undefined ? { is_pinned: note.is_pinned } : {}),
    ...(note.unpin_at !== undefined ? { unpin_at: note.unpin_at } : {}),
    ...(note.external_id !== undefined ? { external_id: note.external_id } : {}),
    ...(note.is_archived !== undefined ? { is_archived: note.is_archived } : {}),
    recorded_at: recordedAt,
  };
}

function markerItem(
  account: ImportedAccount,
  note: NoteToStore,
  recordedAt: string,
): Record<string, unknown> {
  return {
    ...keys.noteContent(account.service_account_number, note.content_hash),
    entity: 'NoteContent',
    content_hash: note.content_hash,
    recorded_at: recordedAt,
  };
}

/** The key that says whether this note already exists. */
function identityKey(account: ImportedAccount, note: NoteToStore): TableKey {
  const { contentHash, createdAt } = noteIdentity(note);
  return createdAt !== undefined
    ? keys.note(account.service_account_number, contentHash, createdAt)
    : keys.noteContent(account.service_account_number, contentHash);
}

/** One transaction's items for these notes, and which notes each item's condition speaks for. */
function buildChunk(
  account: ImportedAccount,
  notes: readonly NoteToStore[],
  events: readonly EventDetail[],
  shard: SummaryShard,
) {
  const recordedAt = new Date().toISOString();
  const items: TransactItem[] = [];
  const owners: number[][] = [];
  const markers = new Map<string, { note: NoteToStore; conditional: boolean; owners: number[] }>();
  for (const note of notes) {
    items.push({
      Put: {
        TableName: TABLE_NAME,
        Item: noteItem(account, note, recordedAt),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    owners.push([note.index]);
    const marker = markers.get(note.content_hash) ?? { note, conditional: false, owners: [] };
    // The marker is the identity of a note whose identity holds no time: then it must be free.
    if (noteIdentity(note).createdAt === undefined) {
      marker.conditional = true;
      marker.owners.push(note.index);
    }
    markers.set(note.content_hash, marker);
  }
  for (const marker of markers.values()) {
    items.push({
      Put: {
        TableName: TABLE_NAME,
        Item: markerItem(account, marker.note, recordedAt),
        ...(marker.conditional ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
      },
    });
    owners.push(marker.owners);
  }
  // The account summary's note count, in the same transaction.
  const summaryPosition = items.length;
  items.push(summaryUpdate(account.service_account_number, shard, { notes: notes.length }) as TransactItem);
  owners.push([]);
  // Notes an account carries at its creation are announced by the creation's events: none here.
  if (events.length > 0) {
    items.push(outboxPut(TABLE_NAME, events));
    owners.push([]);
  }
  return { items, owners, summaryPosition };
}

/** Items a group of notes needs: one per note plus one marker per distinct content. */
function itemsNeeded(notes: readonly NoteToStore[]): number {
  return notes.length + new Set(notes.map((note) => note.content_hash)).size;
}

/** Splits notes into groups that fit one transaction with its summary and outbox items (by count and by size). */
function chunksOf(notes: readonly NoteToStore[]): NoteToStore[][] {
  return chunkBySize(
    notes,
    (note) => estimatedBytes(note) + PER_NOTE_OVERHEAD_BYTES,
    LIMITS.transactWriteItems - 2,
    MAX_TRANSACTION_BYTES,
    itemsNeeded,
  );
}

async function writeChunk(
  account: ImportedAccount,
  chunk: NoteToStore[],
  eventsFor: (notes: readonly NoteToStore[]) => EventDetail[],
): Promise<NoteToStore[]> {
  let notes = chunk;
  let owners: number[][] = [];
  let summaryPosition = -1;
  const shard = new SummaryShard();
  const wrote = await transactWriteWithRetry({
    items: () => {
      if (notes.length === 0) return undefined;
      const built = buildChunk(account, notes, eventsFor(notes), shard);
      owners = built.owners;
      summaryPosition = built.summaryPosition;
      return built.items;
    },
    resolve: (reasons) => {
      const existing = new Set<number>();
      reasons.forEach((reason, position) => {
        if (reason.code === 'ConditionalCheckFailed')
          for (const index of owners[position] ?? []) existing.add(index);
      });
      if (shard.overflowed(reasons[summaryPosition]) && existing.size === 0) return 'retry-now';
      if (existing.size === 0) {
        throw new Error(`Note transaction cancelled: ${reasons.map((reason) => reason.code).join(',')}`);
      }
      notes = notes.filter((note) => !existing.has(note.index));
      return 'retry-now';
    },
  });
  return wrote ? notes : [];
}

/**
 * Stores the notes the account does not have yet, with their events in the same transactions:
 * TransactWriteItems of ≤100 items, no read first; notes the account already has (or a
 * concurrent request stored first) fail their conditions, are dropped from the chunk and
 * reported as existing. Returns the request indexes created.
 */
export async function storeNewNotes(
  account: ImportedAccount,
  notes: readonly NoteToStore[],
  eventsFor: (notes: readonly NoteToStore[]) => EventDetail[],
): Promise<Set<number>> {
  const created = new Set<number>();
  for (const chunk of chunksOf(notes)) {
    for (const note of await writeChunk(account, chunk, eventsFor)) created.add(note.index);
  }
  return created;
}

/**
 * Read only (dry runs): the request indexes of the notes the account already has, by the same
 * identity keys `storeNewNotes` checks.
 */
export async function existingNotes(
  account: ImportedAccount,
  notes: readonly NoteToStore[],
): Promise<Set<number>> {
  if (notes.length === 0) return new Set();
  const found = await batchGetItems(
    notes.map((note) => identityKey(account, note)),
    ['pk', 'sk'],
  );
  return new Set(notes.filter((note) => found.has(itemKey(identityKey(account, note)))).map((n) => n.index));
}

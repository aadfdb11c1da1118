import { randomUUID } from 'node:crypto';
import type { NotePayload } from '../../schemas/api/notes-create.schema.js';
import { resolveDocuments } from '../adapters/documents/document-check.js';
import { documentUri } from '../adapters/documents/document-path.js';
import { DOCUMENTS_BUCKET } from '../adapters/documents/s3.js';
import { type FieldError, ValidationError } from '../errors.js';
import type { ImportedAccount } from '../rules/import-process.js';
import {
  contentHash,
  type NoteResult,
  type NoteToStore,
  normaliseDateTime,
  noteResult,
  noteRuleErrors,
} from '../rules/notes/note.js';
import { repeatsEarlierNote } from '../rules/notes/note-identity.js';
import { postImportCompleted } from '../rules/post-import/post-import-events.js';
import { estimatedBytes, MAX_RECORD_BYTES } from '../rules/record-size.js';
import type { ImportSupplier } from '../rules/supplier.js';
import { isoDateTime } from '../rules/values/dates.js';
import { existingNotes, PER_NOTE_OVERHEAD_BYTES, storeNewNotes } from '../store/note-store.js';
import type { DryRunOption } from './dry-run.js';

/**
 * Endpoint 1: adds notes to an imported account. The whole request is validated (rules, then
 * document paths against the file store) before anything is written. Results follow request
 * order: `NOTE_CREATION_SUCCESS`, or `NOTE_ALREADY_EXISTS` when the account (or an earlier note
 * of the same request) already has it. Each created note emits `post_import.completed` (NOTE).
 * A dry run makes every check and reads which notes exist, and writes nothing.
 */
export async function createNotes(
  supplier: ImportSupplier,
  account: ImportedAccount,
  notes: readonly NotePayload[],
  { dryRun = false }: DryRunOption = {},
  now = new Date(),
): Promise<NoteResult[]> {
  const nowIso = isoDateTime(now);
  const createdAts = notes.map((note) => (note.created_at ? normaliseDateTime(note.created_at) : nowIso));
  const ruleErrors = notes.flatMap((note, index) => noteRuleErrors(note, index, createdAts[index]!));
  if (ruleErrors.length > 0) throw new ValidationError(ruleErrors);

  const candidates = await notesToStore(supplier, notes, createdAts);
  const tooLarge = candidates.flatMap(tooLargeError);
  if (tooLarge.length > 0) throw new ValidationError(tooLarge);

  const toCreate: NoteToStore[] = [];
  for (const candidate of candidates) {
    if (!repeatsEarlierNote(candidate, toCreate)) toCreate.push(candidate);
  }
  const created = dryRun
    ? await notesThatWouldBeCreated(account, toCreate)
    : await storeNewNotes(account, toCreate, (stored) =>
        stored.map((note) => postImportCompleted(account, 'NOTE', note.note_id)),
      );
  return candidates.map((note) =>
    noteResult(note, created.has(note.index) ? 'NOTE_CREATION_SUCCESS' : 'NOTE_ALREADY_EXISTS'),
  );
}

/**
 * The notes as they would be stored, their document paths resolved against the supplier's file
 * store (400 at `notes.<n>.document_paths.<m>.document_path`, also their path inside an account).
 */
export async function notesToStore(
  supplier: ImportSupplier,
  notes: readonly NotePayload[],
  createdAts: readonly string[],
): Promise<NoteToStore[]> {
  const pathInputs = notes.flatMap((note, index) =>
    (note.document_paths ?? []).map((entry, pathIndex) => ({
      attr: `notes.${index}.document_paths.${pathIndex}.document_path`,
      path: entry.document_path,
    })),
  );
  const resolved = await resolveDocuments(supplier.root_location, pathInputs);

  let next = 0;
  return notes.map((note, index) => {
    const paths = note.document_paths ?? [];
    const documentKeys = resolved.slice(next, next + paths.length);
    next += paths.length;
    return {
      index,
      note_id: randomUUID(),
      content_hash: contentHash(note.body, documentKeys, note.external_id),
      created_at: createdAts[index]!,
      created_at_given: note.created_at !== undefined && note.external_id === undefined,
      ...(note.body !== undefined ? { body: note.body } : {}),
      ...(paths.length > 0
        ? {
            documents: paths.map((entry, pathIndex) => ({
              document_path: entry.document_path,
              uri: documentUri(DOCUMENTS_BUCKET, documentKeys[pathIndex]!),
            })),
          }
        : {}),
      ...(note.is_pinned !== undefined ? { is_pinned: note.is_pinned } : {}),
      ...(note.unpin_at !== undefined ? { unpin_at: normaliseDateTime(note.unpin_at) } : {}),
      ...(note.external_id !== undefined ? { external_id: note.external_id } : {}),
      ...(note.is_archived !== undefined ? { is_archived: note.is_archived } : {}),
    };
  });
}

/** A note too large to store, with its document references, as a field error. */
function tooLargeError(note: NoteToStore): FieldError[] {
  const bytes = estimatedBytes(note) + PER_NOTE_OVERHEAD_BYTES;
  return bytes > MAX_RECORD_BYTES
    ? [
        {
          attr: `notes.${note.index}`,
          code: 'too_large',
          detail: `The note is too large to store (${bytes} bytes with its document references; at most ${MAX_RECORD_BYTES}).`,
        },
      ]
    : [];
}

async function notesThatWouldBeCreated(
  account: ImportedAccount,
  toCreate: readonly NoteToStore[],
): Promise<Set<number>> {
  const existing = await existingNotes(account, toCreate);
  return new Set(toCreate.filter((note) => !existing.has(note.index)).map((note) => note.index));
}

import type { NoteToStore } from './note.js';

/**
 * Rule (spec): a new note is created only when the account has no existing note with the same
 * `body` (and the same `created_at` when one is provided); otherwise its result is
 * `NOTE_ALREADY_EXISTS`. The body stands for the note's content: its `external_id` when it has
 * one, else the body, else the document paths (`contentHash` in ./note.ts). A note with an
 * `external_id` is identified by it alone, whatever its time.
 */
export interface NoteIdentity {
  contentHash: string;
  /** The time that is part of the identity: only a `created_at` sent with no `external_id`. */
  createdAt?: string;
}

type IdentityFields = Pick<NoteToStore, 'content_hash' | 'created_at' | 'created_at_given'>;

export function noteIdentity(note: IdentityFields): NoteIdentity {
  return note.created_at_given
    ? { contentHash: note.content_hash, createdAt: note.created_at }
    : { contentHash: note.content_hash };
}

/** Whether `other` (stored, or earlier in the request) is the same note as `note`. */
export function isSameNote(
  note: IdentityFields,
  other: Pick<NoteToStore, 'content_hash' | 'created_at'>,
): boolean {
  const identity = noteIdentity(note);
  return (
    other.content_hash === identity.contentHash &&
    (identity.createdAt === undefined || other.created_at === identity.createdAt)
  );
}

/** Within one request: is this note the same as an earlier note that will be created? */
export function repeatsEarlierNote(note: IdentityFields, earlier: readonly IdentityFields[]): boolean {
  return earlier.some((other) => isSameNote(note, other));
}

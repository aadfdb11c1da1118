import { createHash } from 'node:crypto';
import type { FieldError } from '../../errors.js';
import { dateTimeMs } from '../values/date-time-parser.js';

/**
 * A note as stored and as the dedupe rules see it. Its identity is its `external_id` when it
 * has one; otherwise its body (or document paths) and, when given, its `created_at`.
 */
export interface NoteToStore {
  /** Position in the request. */
  index: number;
  note_id: string;
  /** Hash of the identity: the `external_id`, else the body, else the document paths. */
  content_hash: string;
  /** Normalised UTC `YYYY-MM-DDTHH:MM:SSZ` (milliseconds kept when given). */
  created_at: string;
  /**
   * True when the time is part of the identity: `created_at` was given and there is no
   * `external_id`. When false the note matches any note with the same identity hash.
   */
  created_at_given: boolean;
  body?: string;
  /** Paths as sent, with the object reference each resolved to. */
  documents?: { document_path: string; uri: string }[];
  is_pinned?: boolean;
  unpin_at?: string;
  external_id?: string;
  is_archived?: boolean;
}

export type NoteStatus = 'NOTE_CREATION_SUCCESS' | 'NOTE_ALREADY_EXISTS';

export interface NoteResult {
  created_at: string;
  body?: string;
  document_paths?: { document_path: string }[];
  external_id?: string;
  is_archived?: boolean;
  status: NoteStatus;
}

/** A datetime as UTC `…Z`, seconds precision unless milliseconds were given. */
export function normaliseDateTime(value: string): string {
  const iso = new Date(dateTimeMs(value)).toISOString();
  return iso.endsWith('.000Z') ? iso.replace(/\.000Z$/, 'Z') : iso;
}

/**
 * What a note's identity is made of: its `external_id` when it has one (the external system's
 * own identifier), else the body when there is one (the spec's rule), else the resolved
 * document keys in order. The three never collide: each is hashed under its own name.
 */
export function contentHash(
  body: string | undefined,
  documentKeys: readonly string[],
  externalId?: string,
): string {
  const content =
    externalId !== undefined
      ? { external_id: externalId }
      : body !== undefined
        ? { body }
        : { document_paths: documentKeys };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 40);
}

interface NoteFields {
  body?: string;
  document_paths?: readonly { document_path: string }[];
  is_pinned?: boolean;
  unpin_at?: string;
}

/** Rules of one note a schema cannot express; returns its field errors (none when valid). */
export function noteRuleErrors(note: NoteFields, index: number, createdAt: string): FieldError[] {
  const errors: FieldError[] = [];
  const attr = `notes.${index}`;
  if (note.body === undefined && (note.document_paths ?? []).length === 0) {
    errors.push({
      attr,
      code: 'body_or_document_paths_required',
      detail: 'A note needs a body or document paths (or both).',
    });
  }
  if (note.unpin_at !== undefined) {
    if (note.is_pinned !== true) {
      errors.push({
        attr: `${attr}.unpin_at`,
        code: 'unpin_at_requires_is_pinned',
        detail: '`unpin_at` is only allowed with `is_pinned: true`.',
      });
    } else if (dateTimeMs(note.unpin_at) <= dateTimeMs(createdAt)) {
      errors.push({
        attr: `${attr}.unpin_at`,
        code: 'unpin_at_not_after_created_at',
        detail: '`unpin_at` must be after the note time (`created_at`, or now).',
      });
    }
  }
  return errors;
}

export function noteResult(note: NoteToStore, status: NoteStatus): NoteResult {
  return {
    created_at: note.created_at,
    ...(note.body !== undefined ? { body: note.body } : {}),
    ...(note.documents
      ? { document_paths: note.documents.map(({ document_path }) => ({ document_path })) }
      : {}),
    ...(note.external_id !== undefined ? { external_id: note.external_id } : {}),
    ...(note.is_archived !== undefined ? { is_archived: note.is_archived } : {}),
    status,
  };
}

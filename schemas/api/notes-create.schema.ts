import type { FromSchema } from 'json-schema-to-ts';
import { dryRun, externalAccountNumber, importSupplier } from './account-reference.js';

/**
 * Body of endpoint 1, `notes/create/` (spec: Note). Rules a JSON Schema
 * cannot express well (body or document paths, `unpin_at`, document paths under the supplier's
 * root) live in functions/rules/notes/.
 */

const MAX_TEXT = 10_000;
const MAX_ITEMS = 1000;

const dateTime = {
  type: 'string',
  format: 'date-time',
  maxLength: 64,
  description: 'ISO 8601 datetime, e.g. `2026-02-01T10:00:00Z` (UTC; other offsets are converted to UTC).',
} as const;

const note = {
  type: 'object',
  additionalProperties: false,
  properties: {
    body: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_TEXT,
      description: 'The note text. At least one of `body` or `document_paths` is required.',
    },
    document_paths: {
      type: 'array',
      maxItems: MAX_ITEMS,
      description: 'Documents attached to the note, relative to the supplier root location.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['document_path'],
        properties: {
          document_path: {
            type: 'string',
            minLength: 1,
            maxLength: 1024,
            description: 'Path of an existing object, relative to the supplier root location.',
          },
        },
      },
    },
    created_at: { ...dateTime, description: `${dateTime.description} Defaults to now.` },
    is_pinned: { type: 'boolean', description: 'Pins the note to the top of the account page.' },
    unpin_at: {
      ...dateTime,
      description: 'When the pin ends; only with `is_pinned: true`, and after the note time.',
    },
    external_id: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description:
        "The note's identifier in the external system. When given, it alone decides whether the note already exists (instead of the body and `created_at`).",
    },
    is_archived: { type: 'boolean', description: 'Files the note as archived.' },
  },
} as const;

export const schema = {
  $id: 'urn:data-import:api:notes-create',
  title: 'Create notes for an imported account (notes/create/)',
  type: 'object',
  additionalProperties: false,
  required: ['import_supplier', 'external_account_number', 'notes'],
  properties: {
    import_supplier: importSupplier,
    external_account_number: externalAccountNumber,
    notes: { type: 'array', minItems: 1, maxItems: MAX_ITEMS, items: note },
    dry_run: dryRun,
  },
} as const;

export type Payload = FromSchema<typeof schema>;
export type NotePayload = Payload['notes'][number];

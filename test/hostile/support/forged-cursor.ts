import { createHash } from 'node:crypto';

/**
 * List cursors as an attacker who knows their format can build them without the server's key:
 * `<version>.<base64url JSON [list, supplier, after]>.<checksum>`, the checksum being the
 * unkeyed hash the service once used (or any other hash the attacker guesses).
 */
export interface CursorFields {
  list: string;
  supplier: string;
  after: unknown;
}

export function cursorBody(fields: CursorFields): string {
  return Buffer.from(JSON.stringify([fields.list, fields.supplier, fields.after]), 'utf8').toString(
    'base64url',
  );
}

/** The unkeyed checksum of the first cursor format: SHA-256 of a fixed label and the body. */
export function unkeyedChecksum(body: string, length = 16): string {
  return createHash('sha256').update(`data-import-cursor:${body}`).digest('base64url').slice(0, length);
}

/** A cursor in the first (unkeyed) format: accepted before cursors were signed. */
export function unkeyedCursor(fields: CursorFields): string {
  const body = cursorBody(fields);
  return `c1.${body}.${unkeyedChecksum(body)}`;
}

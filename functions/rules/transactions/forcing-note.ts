import { randomUUID } from 'node:crypto';
import { contentHash, type NoteToStore } from '../notes/note.js';
import { isoDateTime } from '../values/dates.js';
import type { TransactionToStore } from './transaction.js';

const MAX_BODY = 10_000;

/**
 * The one pinned note a request leaves when it moved transactions into the open statement
 * period (design.md §3.6): it names each moved transaction with its original date.
 */
export function forcingNote(
  moved: readonly TransactionToStore[],
  periodStart: string,
  now: Date,
): NoteToStore {
  const lines = moved.map(
    (transaction) =>
      `- ${transaction.transaction_id} (originally dated ${transaction.original_transaction_date})`,
  );
  const heading =
    `${moved.length} imported transaction(s) dated before the open statement period were moved to ` +
    `${periodStart}, its first day:`;
  let body = heading;
  for (const [position, line] of lines.entries()) {
    const tail = `\n… and ${lines.length - position} more`;
    if (body.length + 1 + line.length + tail.length > MAX_BODY) {
      body += tail;
      break;
    }
    body += `\n${line}`;
  }
  return {
    index: -1,
    note_id: randomUUID(),
    content_hash: contentHash(body, []),
    created_at: isoDateTime(now),
    created_at_given: true,
    body,
    is_pinned: true,
  };
}

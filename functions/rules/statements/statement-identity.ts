import { ConflictError } from '../../errors.js';

/**
 * Rule: historical statements are unique per `statement_id` within an account. Sent again with
 * the same content (the same content hash) it is the statement already stored and is not stored
 * twice; sent with other content it is a 409 `historical_statement_already_exists`.
 */

/** What a statement sent is, given what the account stores under its `statement_id`. */
export type StoredStatementVerdict = 'new' | 'already-stored';

export function historicalStatementAlreadyExists(statementId: string): ConflictError {
  return new ConflictError(
    'historical_statement_already_exists',
    'A historical statement with this statement_id and different content already exists for the account.',
    { statement_id: statementId },
  );
}

/**
 * `new` when the account stores no statement with this id, `already-stored` when it stores one
 * with the same content; throws the 409 when the stored one has other content.
 */
export function judgeAgainstStored(
  sent: { statement_id: string; content_hash: string },
  stored: { content_hash?: unknown } | undefined,
): StoredStatementVerdict {
  if (!stored) return 'new';
  if (stored.content_hash !== sent.content_hash) throw historicalStatementAlreadyExists(sent.statement_id);
  return 'already-stored';
}

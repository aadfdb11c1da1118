import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../functions/errors.js';
import { isSameNote, noteIdentity, repeatsEarlierNote } from '../../functions/rules/notes/note-identity.js';
import { judgeAgainstStored } from '../../functions/rules/statements/statement-identity.js';

const note = (content_hash: string, created_at: string, created_at_given: boolean) => ({
  content_hash,
  created_at,
  created_at_given,
});

describe('Rule: a new note is created only when the account has no note with the same body (and the same created_at when one is provided)', () => {
  it('a note sent without created_at is identified by its content alone', () => {
    // Prepare
    const sent = note('hash-a', '2026-06-15T12:00:00Z', false);
    // Act
    const identity = noteIdentity(sent);
    // Assess
    expect(identity).toEqual({ contentHash: 'hash-a' });
    expect(isSameNote(sent, { content_hash: 'hash-a', created_at: '2020-01-01T00:00:00Z' })).toBe(true);
  });

  it('a note sent with created_at is identified by its content and that time', () => {
    // Prepare
    const sent = note('hash-a', '2026-06-15T12:00:00Z', true);
    // Act
    const identity = noteIdentity(sent);
    // Assess
    expect(identity).toEqual({ contentHash: 'hash-a', createdAt: '2026-06-15T12:00:00Z' });
    expect(isSameNote(sent, { content_hash: 'hash-a', created_at: '2026-06-15T12:00:00Z' })).toBe(true);
    expect(isSameNote(sent, { content_hash: 'hash-a', created_at: '2026-06-15T12:00:01Z' })).toBe(false);
  });

  it('a note with other content is another note, whatever its time', () => {
    // Prepare
    const sent = note('hash-a', '2026-06-15T12:00:00Z', true);
    // Act
    const same = isSameNote(sent, { content_hash: 'hash-b', created_at: '2026-06-15T12:00:00Z' });
    // Assess
    expect(same).toBe(false);
  });

  it('within one request, a repeat of an earlier note is not created twice', () => {
    // Prepare
    const earlier = [note('hash-a', '2026-06-15T12:00:00Z', true)];
    // Act
    const repeats = [
      repeatsEarlierNote(note('hash-a', '2026-06-15T12:00:00Z', true), earlier),
      repeatsEarlierNote(note('hash-a', '2026-06-15T13:00:00Z', false), earlier),
      repeatsEarlierNote(note('hash-a', '2026-06-15T13:00:00Z', true), earlier),
    ];
    // Assess
    expect(repeats).toEqual([true, true, false]);
  });
});

describe('Rule: a historical statement sent again with the same content is accepted and not stored twice; with different content it is a 409 historical_statement_already_exists', () => {
  const sent = { statement_id: 'STMT-1', content_hash: 'content-1' };

  it('a statement_id the account does not hold is new', () => {
    // Act
    const verdict = judgeAgainstStored(sent, undefined);
    // Assess
    expect(verdict).toBe('new');
  });

  it('the same content as the stored statement is already stored', () => {
    // Act
    const verdict = judgeAgainstStored(sent, { content_hash: 'content-1' });
    // Assess
    expect(verdict).toBe('already-stored');
  });

  it('other content than the stored statement is a 409 naming the statement_id', () => {
    // Act
    const error = (() => {
      try {
        judgeAgainstStored(sent, { content_hash: 'content-2' });
      } catch (thrown) {
        return thrown;
      }
    })();
    // Assess
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).statusCode).toBe(409);
    expect((error as ConflictError).body()).toMatchObject({
      code: 'historical_statement_already_exists',
      statement_id: 'STMT-1',
    });
  });
});

import { createHash } from 'node:crypto';
import { isClaimExpired, retryAfterSeconds } from '../claims/claim.js';

/**
 * Idempotency keys: a client names a POST with an `Idempotency-Key` so that sending it again
 * (after a lost answer) gets the first answer instead of running it again. Pure rules: what a
 * key may be, what makes two requests "the same", and what a stored record means for a
 * request that arrives with its key.
 */

/** The header, as clients send it (HTTP header names are case-insensitive). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** The header of an answer given again from the kept record. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a kept answer is kept (the record's TTL): 24 hours. */
export const KEPT_ANSWER_SECONDS = 24 * 60 * 60;
/** The longest key. */
export const MAX_KEY_LENGTH = 255;

/** 1–255 printable ASCII characters (space to `~`). */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export function isValidIdempotencyKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** The stored key of a key: a hash, so any printable text fits the table's key. */
export function keyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** What makes a request the same request: its method, its path and its body, byte for byte. */
export function requestFingerprint(method: string, path: string, body: string | null): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()}\n${path}\n`, 'utf8')
    .update(body ?? '', 'utf8')
    .digest('hex');
}

/** A kept answer: the status and body of the first request's response. */
export interface KeptAnswer {
  status: number;
  body: unknown;
}

/** The record of a key as stored. */
export interface IdempotencyRecord {
  state: 'IN_FLIGHT' | 'COMPLETED' | 'RELEASED';
  request_hash?: string;
  claim_expires_at?: string;
  answer?: KeptAnswer;
}

/** What a request finds when its key's record is not free for it. */
export type KeyVerdict =
  | { kind: 'replay'; answer: KeptAnswer }
  | { kind: 'reused' }
  | { kind: 'in-use'; retryAfterSeconds: number }
  | { kind: 'free' };

/**
 * A request with fingerprint `requestHash` and the record its key holds: the kept answer again
 * (same request, answered), 422 (another request's key), 409 while the first still runs
 * (its claim not yet expired), or free (released after a 5xx, or its holder died: the claim model).
 */
export function verdict(record: IdempotencyRecord | undefined, requestHash: string, now: Date): KeyVerdict {
  if (!record || record.state === 'RELEASED') return { kind: 'free' };
  if (record.request_hash !== requestHash) return { kind: 'reused' };
  if (record.state === 'COMPLETED' && record.answer) return { kind: 'replay', answer: record.answer };
  if (isClaimExpired(record.claim_expires_at, now)) return { kind: 'free' };
  return { kind: 'in-use', retryAfterSeconds: retryAfterSeconds(record.claim_expires_at, now) };
}

/**
 * A 5xx is never kept, nor an answer that tells the client to come back (`Retry-After`: a 429, a
 * 409 while another request holds the account's claim): the retry runs. Every other answer is.
 */
export function isKept(status: number, retryLater: boolean): boolean {
  return status < 500 && !retryLater;
}

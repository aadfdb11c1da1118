import { describe, expect, it } from 'vitest';
import {
  isKept,
  isValidIdempotencyKey,
  requestFingerprint,
  verdict,
} from '../../functions/rules/idempotency/idempotency-key.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const HASH = requestFingerprint('POST', '/v1/data-import/notes/create/', '{"a":1}');

describe('An Idempotency-Key is 1–255 printable ASCII characters', () => {
  it('accepts one character, 255 characters, spaces and symbols', () => {
    expect(isValidIdempotencyKey('a')).toBe(true);
    expect(isValidIdempotencyKey('x'.repeat(255))).toBe(true);
    expect(isValidIdempotencyKey('line 12 / step ~stage!')).toBe(true);
  });

  it('refuses an empty key, 256 characters, control characters and non-ASCII', () => {
    expect(isValidIdempotencyKey('')).toBe(false);
    expect(isValidIdempotencyKey('x'.repeat(256))).toBe(false);
    expect(isValidIdempotencyKey('a\tb')).toBe(false);
    expect(isValidIdempotencyKey('clé')).toBe(false);
  });
});

describe('The same request is the same method, path and body, byte for byte', () => {
  it('another method, path or body gives another fingerprint', () => {
    const path = '/v1/data-import/notes/create/';
    expect(requestFingerprint('POST', path, '{"a":1}')).toBe(HASH);
    expect(requestFingerprint('PUT', path, '{"a":1}')).not.toBe(HASH);
    expect(requestFingerprint('POST', '/v1/data-import/transactions/create/', '{"a":1}')).not.toBe(HASH);
    expect(requestFingerprint('POST', path, '{"a": 1}')).not.toBe(HASH);
  });
});

describe('What a request finds under its key', () => {
  it('no record, or one released after a 5xx: the key is free', () => {
    expect(verdict(undefined, HASH, NOW)).toEqual({ kind: 'free' });
    expect(verdict({ state: 'RELEASED' }, HASH, NOW)).toEqual({ kind: 'free' });
  });

  it('the kept answer of the same request: given again', () => {
    const answer = { status: 201, body: { ok: true } };
    expect(verdict({ state: 'COMPLETED', request_hash: HASH, answer }, HASH, NOW)).toEqual({
      kind: 'replay',
      answer,
    });
  });

  it('another request’s key, answered or running: reused (422)', () => {
    const other = requestFingerprint('POST', '/other/', '');
    expect(
      verdict({ state: 'COMPLETED', request_hash: other, answer: { status: 200, body: {} } }, HASH, NOW),
    ).toEqual({
      kind: 'reused',
    });
    expect(
      verdict(
        { state: 'IN_FLIGHT', request_hash: other, claim_expires_at: '2026-03-01T12:00:30Z' },
        HASH,
        NOW,
      ),
    ).toEqual({ kind: 'reused' });
  });

  it('the same request still running: in use, Retry-After the whole seconds until its claim expires', () => {
    expect(
      verdict(
        { state: 'IN_FLIGHT', request_hash: HASH, claim_expires_at: '2026-03-01T12:00:15Z' },
        HASH,
        NOW,
      ),
    ).toEqual({ kind: 'in-use', retryAfterSeconds: 15 });
  });

  it('the same request whose holder died (its claim expired): free, the retry runs', () => {
    expect(
      verdict(
        { state: 'IN_FLIGHT', request_hash: HASH, claim_expires_at: '2026-03-01T12:00:00Z' },
        HASH,
        NOW,
      ),
    ).toEqual({ kind: 'free' });
  });
});

describe('A 5xx, or an answer that says when to retry, is not kept', () => {
  it('2xx and 4xx answers are kept; a 5xx is not; a 409 or 429 with Retry-After is not', () => {
    expect(isKept(201, false)).toBe(true);
    expect(isKept(404, false)).toBe(true);
    expect(isKept(500, false)).toBe(false);
    expect(isKept(503, true)).toBe(false);
    expect(isKept(409, true)).toBe(false);
    expect(isKept(429, true)).toBe(false);
  });
});

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets handed to callers (API keys, refresh tokens) are random, shown once and stored
 * only as SHA-256 hashes. A hash is the lookup key, so a stolen table copy gives no key.
 */
export const API_KEY_PREFIX = 'dik_';
export const REFRESH_TOKEN_PREFIX = 'dirt_';
/** Longer inputs are refused without a lookup. */
export const MAX_SECRET_LENGTH = 512;

export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function generateRefreshToken(): string {
  return `${REFRESH_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The public identifier of an API key (what `api-key list` shows and `api-key revoke` takes). */
export function generateKeyId(): string {
  return `key_${randomBytes(8).toString('hex')}`;
}

/** SHA-256, hex: the only form in which API keys and refresh tokens are stored. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex hashes. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

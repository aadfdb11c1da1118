import { gunzipSync, gzipSync } from 'node:zlib';
import type { FieldError } from '../../errors.js';
import type { Account } from './account.js';

/**
 * Staged and created accounts are stored as gzip-compressed JSON in one item attribute.
 * DynamoDB items hold at most 400 KB; an account whose compressed data is larger than this
 * is refused at validation (code `account_too_large`), so staging and creation never fail
 * on size.
 */
export const MAX_STORED_ACCOUNT_BYTES = 350_000;

export function encodeAccountData(account: Account): Uint8Array {
  return gzipSync(Buffer.from(JSON.stringify(account), 'utf8'));
}

export function decodeAccountData(data: Uint8Array): Account {
  return JSON.parse(gunzipSync(data).toString('utf8')) as Account;
}

export function checkStorableSize(account: Account): FieldError[] {
  const size = encodeAccountData(account).byteLength;
  if (size <= MAX_STORED_ACCOUNT_BYTES) return [];
  return [
    {
      attr: '',
      code: 'account_too_large',
      detail: `The account data is too large to store (${size} compressed bytes; at most ${MAX_STORED_ACCOUNT_BYTES}).`,
    },
  ];
}

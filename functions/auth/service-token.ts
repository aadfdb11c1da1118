import { type ApiKeyRecord, getApiKey } from '../store/api-key-store.js';
import { getOrganisation } from '../store/organisation-store.js';
import {
  getRefreshToken,
  putRefreshToken,
  type RefreshTokenRecord,
  rotateRefreshToken,
} from '../store/refresh-token-store.js';
import { generateRefreshToken, hashSecret, MAX_SECRET_LENGTH, sameHash } from './credentials.js';
import { TokenRequestError } from './token-request-error.js';
import { REFRESH_TOKEN_LIFETIME_SECONDS } from './token-settings.js';
import { signToken, type TokenClaims } from './tokens.js';

/** What `obtainServiceToken` returns. */
export interface ServiceToken {
  token: string;
  payload: TokenClaims;
  refreshToken: string;
  /** When the refresh token expires (Unix time, seconds). */
  refreshExpiresIn: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The key must exist, match by hash (constant time) and not be revoked; the scope is read
 * from the organisation at issue time.
 */
async function liveApiKey(keyHash: string): Promise<ApiKeyRecord> {
  const record = await getApiKey(keyHash);
  if (!record || !sameHash(record.key_hash, keyHash)) throw new TokenRequestError('invalid_api_key');
  if (record.revoked_at) throw new TokenRequestError('api_key_revoked');
  return record;
}

async function issue(apiKey: ApiKeyRecord): Promise<{ token: string; payload: TokenClaims }> {
  const organisation = await getOrganisation(apiKey.organisation);
  if (!organisation) throw new TokenRequestError('invalid_api_key');
  const { token, claims } = await signToken({
    organisation: organisation.name,
    suppliers: organisation.suppliers,
  });
  return { token, payload: claims };
}

function newRefreshToken(apiKey: ApiKeyRecord): { refreshToken: string; record: RefreshTokenRecord } {
  const refreshToken = generateRefreshToken();
  return {
    refreshToken,
    record: {
      token_hash: hashSecret(refreshToken),
      key_hash: apiKey.key_hash,
      organisation: apiKey.organisation,
      expires_at: nowSeconds() + REFRESH_TOKEN_LIFETIME_SECONDS,
    },
  };
}

/** API key → a token and a refresh token. */
export async function obtainWithApiKey(apiKey: string): Promise<ServiceToken> {
  if (apiKey === '' || apiKey.length > MAX_SECRET_LENGTH) throw new TokenRequestError('invalid_api_key');
  const record = await liveApiKey(hashSecret(apiKey));
  const { token, payload } = await issue(record);
  const { refreshToken, record: refresh } = newRefreshToken(record);
  await putRefreshToken(refresh);
  return { token, payload, refreshToken, refreshExpiresIn: refresh.expires_at };
}

/**
 * Refresh token → a fresh pair. The used refresh token stops working (rotation); refresh
 * fails when it is unknown or used (`invalid_refresh_token`), expired
 * (`refresh_token_expired`) or its API key was revoked (`api_key_revoked`).
 */
export async function obtainWithRefreshToken(refreshToken: string): Promise<ServiceToken> {
  if (refreshToken === '' || refreshToken.length > MAX_SECRET_LENGTH) {
    throw new TokenRequestError('invalid_refresh_token');
  }
  const usedHash = hashSecret(refreshToken);
  const used = await getRefreshToken(usedHash);
  if (!used || !sameHash(used.token_hash, usedHash)) throw new TokenRequestError('invalid_refresh_token');
  if (used.expires_at <= nowSeconds()) throw new TokenRequestError('refresh_token_expired');
  const apiKey = await getApiKey(used.key_hash);
  if (!apiKey) throw new TokenRequestError('invalid_refresh_token');
  if (apiKey.revoked_at) throw new TokenRequestError('api_key_revoked');
  const { token, payload } = await issue(apiKey);
  const { refreshToken: successor, record } = newRefreshToken(apiKey);
  if (!(await rotateRefreshToken(usedHash, record))) throw new TokenRequestError('invalid_refresh_token');
  return { token, payload, refreshToken: successor, refreshExpiresIn: record.expires_at };
}

import { optionalEnv } from '../config.js';

/**
 * Token settings. Tokens are HS256 JWTs; verification pins the
 * algorithm, the issuer and the audience, so `alg: none` and algorithm confusion fail.
 */
export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_ISSUER = optionalEnv('DATA_IMPORT_TOKEN_ISSUER', 'data-import');
export const TOKEN_AUDIENCE = optionalEnv('DATA_IMPORT_TOKEN_AUDIENCE', 'data-import-api');

/** A token lives 60 minutes. */
export const TOKEN_LIFETIME_SECONDS = 60 * 60;
/** A refresh token lives 7 days and can be used once (each refresh returns a new pair). */
export const REFRESH_TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
/** Clock skew tolerated between the issuer and a verifier. */
export const CLOCK_TOLERANCE_SECONDS = 30;

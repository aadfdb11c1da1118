import type { DenyCode } from './authorizer-policy.js';

/**
 * Why a request's credentials were refused (401), each with the documented code and a `detail`
 * that names the cause and the fix. API Gateway puts the detail of a denial into its answer
 * verbatim (the gateway response template reads `$context.authorizer.detail` inside a JSON
 * string), so no detail holds a double quote, a backslash or a control character.
 */
export interface Refusal {
  code: DenyCode;
  detail: string;
}

export const REFUSALS = {
  /** No Authorization header (API Gateway answers this without calling the authorizer). */
  missing_header: {
    code: 'not_authenticated',
    detail:
      'No Authorization header: send Authorization: Token <token>, with a token from the obtainServiceToken mutation.',
  },
  /** A header that is not `Token <token>` (or a bare token): `Bearer …`, extra words. */
  wrong_scheme: {
    code: 'not_authenticated',
    detail:
      'The Authorization header must read Token <token>: another scheme, such as Bearer, or extra words are not accepted.',
  },
  /** Not a token this service issued with its current signing key, or one that was altered. */
  invalid_token: {
    code: 'not_authenticated',
    detail:
      'The token is not valid: it was altered, or not issued by this service (another environment, or an earlier run of the local runtime). Obtain a new one with the obtainServiceToken mutation.',
  },
  expired: {
    code: 'token_expired',
    detail:
      'The token has expired: obtain a new one with the obtainServiceToken mutation (with the refresh token or the API key).',
  },
} as const satisfies Record<string, Refusal>;

export type RefusalReason = keyof typeof REFUSALS;

/**
 * Why the token mutation refused a request. Each becomes a GraphQL error whose
 * `extensions.errorCode` is the code (HTTP 200, as GraphQL servers answer).
 */
export const TOKEN_ERROR_CODES = {
  invalid_api_key:
    'The API key is not valid: send the key the operator issued to your organisation, exactly as given (no token, no spaces).',
  api_key_revoked: 'The API key has been revoked; ask the operator for a new one.',
  invalid_refresh_token: 'The refresh token is not valid (unknown, or already used).',
  refresh_token_expired: 'The refresh token has expired; obtain a new token with the API key.',
  invalid_input: 'Give exactly one of APIKey and refreshToken.',
} as const;

export type TokenErrorCode = keyof typeof TOKEN_ERROR_CODES;

export class TokenRequestError extends Error {
  override name = 'TokenRequestError';
  constructor(readonly errorCode: TokenErrorCode) {
    super(TOKEN_ERROR_CODES[errorCode]);
  }
}

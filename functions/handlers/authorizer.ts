import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent } from 'aws-lambda';
import { allow, deny } from '../auth/authorizer-policy.js';
import { REFUSALS } from '../auth/refusals.js';
import { verifyToken } from '../auth/tokens.js';
import { logger } from '../logger.js';

/** `Token <jwt>` (the spec's illustrated form) or a bare `<jwt>`; anything else says why not. */
export function tokenFromHeader(
  header: string | undefined,
): { token: string } | { refused: 'missing_header' | 'wrong_scheme' } {
  const value = header?.trim() ?? '';
  if (value === '') return { refused: 'missing_header' };
  const match = /^Token\s+(\S+)$/i.exec(value);
  if (match) return { token: match[1] as string };
  return /\s/.test(value) || /^token$/i.test(value) ? { refused: 'wrong_scheme' } : { token: value };
}

/**
 * API Gateway TOKEN authorizer: verifies the token and passes the organisation and its
 * supplier scope to handlers. Stateless (no table access): a revoked key's tokens stay
 * valid until they expire. Tokens are never logged.
 */
export const handler = middy<APIGatewayTokenAuthorizerEvent, APIGatewayAuthorizerResult>()
  .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
  .handler(async (event) => {
    const header = tokenFromHeader(event.authorizationToken);
    if ('refused' in header) {
      logger.info('Token refused', { reason: header.refused });
      return deny(event.methodArn, REFUSALS[header.refused]);
    }
    const verified = await verifyToken(header.token);
    if (!verified.valid) {
      logger.info('Token refused', { reason: verified.reason });
      return deny(event.methodArn, REFUSALS[verified.reason === 'expired' ? 'expired' : 'invalid_token']);
    }
    const { sub, suppliers, jti } = verified.claims;
    logger.appendKeys({ organisation: sub, token_id: jti });
    return allow(event.methodArn, { organisation: sub, suppliers });
  });

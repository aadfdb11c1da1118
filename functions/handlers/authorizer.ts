import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent } from 'aws-lambda';
import { allow, deny } from '../auth/authorizer-policy.js';
import { verifyToken } from '../auth/tokens.js';
import { logger } from '../logger.js';

/** `Token <jwt>` (the spec's illustrated form) or a bare `<jwt>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const value = header?.trim() ?? '';
  const match = /^Token\s+(\S+)$/i.exec(value);
  if (match) return match[1];
  return value !== '' && !/\s/.test(value) ? value : undefined;
}

/**
 * API Gateway TOKEN authorizer: verifies the token and passes the organisation and its
 * supplier scope to handlers. Stateless (no table access): a revoked key's tokens stay
 * valid until they expire. Tokens are never logged.
 */
export const handler = middy<APIGatewayTokenAuthorizerEvent, APIGatewayAuthorizerResult>()
  .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
  .handler(async (event) => {
    const token = tokenFromHeader(event.authorizationToken);
    if (!token) {
      logger.info('Token refused', { reason: 'malformed_header' });
      return deny(event.methodArn, 'not_authenticated');
    }
    const verified = await verifyToken(token);
    if (!verified.valid) {
      logger.info('Token refused', { reason: verified.reason });
      return deny(event.methodArn, verified.reason === 'expired' ? 'token_expired' : 'not_authenticated');
    }
    const { sub, suppliers, jti } = verified.claims;
    logger.appendKeys({ organisation: sub, token_id: jti });
    return allow(event.methodArn, { organisation: sub, suppliers });
  });

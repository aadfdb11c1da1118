import type { APIGatewayProxyEvent } from 'aws-lambda';
import { NotAuthenticatedError } from '../errors.js';

/**
 * What the token authorizer (functions/handlers/authorizer.ts) passes to every handler
 * through `requestContext.authorizer`: the organisation and its import supplier scope.
 * API Gateway only passes string values, so suppliers travel comma-separated.
 */
export interface AuthContext {
  organisation: string;
  suppliers: readonly string[];
}

export const AUTHORIZER_CONTEXT_KEYS = { organisation: 'organisation', suppliers: 'suppliers' } as const;

export function encodeAuthContext(context: AuthContext): Record<string, string> {
  return {
    [AUTHORIZER_CONTEXT_KEYS.organisation]: context.organisation,
    [AUTHORIZER_CONTEXT_KEYS.suppliers]: context.suppliers.join(','),
  };
}

export function readAuthContext(event: APIGatewayProxyEvent): AuthContext {
  const authorizer = event.requestContext?.authorizer as Record<string, unknown> | null | undefined;
  const organisation = authorizer?.[AUTHORIZER_CONTEXT_KEYS.organisation];
  const suppliers = authorizer?.[AUTHORIZER_CONTEXT_KEYS.suppliers];
  if (typeof organisation !== 'string' || organisation === '' || typeof suppliers !== 'string') {
    throw new NotAuthenticatedError();
  }
  return {
    organisation,
    suppliers: suppliers
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean),
  };
}

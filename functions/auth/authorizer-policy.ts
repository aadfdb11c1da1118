import type { APIGatewayAuthorizerResult } from 'aws-lambda';
import { type AuthContext, encodeAuthContext } from '../http/auth-context.js';
import { usageIdentifierKeyOf } from './usage-identifier.js';

/**
 * The policy a token authorizer returns. Allow covers the whole API
 * (`arn:aws:execute-api:<region>:<account>:<api id>/*`), because API Gateway caches the
 * result per token and reuses it for every route. Deny carries the 401 code and detail in
 * `context`; the stack maps API Gateway's ACCESS_DENIED response to 401 with that code and detail.
 */
export type DenyCode = 'not_authenticated' | 'token_expired';

/** `arn:…:apiId/stage/METHOD/path` → `arn:…:apiId/*` (anything else is returned unchanged). */
export function wholeApiArn(methodArn: string): string {
  const match = /^(arn:[^:]+:execute-api:[^:]*:[^:]*:[^/]+)\//.exec(methodArn);
  return match ? `${match[1]}/*` : methodArn;
}

function policy(effect: 'Allow' | 'Deny', resource: string) {
  return {
    Version: '2012-10-17',
    Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }],
  };
}

export function allow(methodArn: string, context: AuthContext): APIGatewayAuthorizerResult {
  return {
    principalId: context.organisation,
    policyDocument: policy('Allow', wholeApiArn(methodArn)),
    context: encodeAuthContext(context),
    // The organisation's key in the usage plan: its own request rate and burst.
    usageIdentifierKey: usageIdentifierKeyOf(context.organisation),
  };
}

export function deny(
  methodArn: string,
  refusal: { code: DenyCode; detail: string },
): APIGatewayAuthorizerResult {
  return {
    principalId: 'anonymous',
    policyDocument: policy('Deny', wholeApiArn(methodArn)),
    context: { code: refusal.code, detail: refusal.detail },
  };
}

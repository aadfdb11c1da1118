import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent, Context } from 'aws-lambda';
import { accessDenied, type GatewayAnswer, gatewayAnswers } from './gateway-answers.js';

/**
 * Runs the token authorizer the way API Gateway runs a TOKEN authorizer on the
 * Authorization header, and turns its answer into either what a handler receives in
 * `requestContext.authorizer` or the answer API Gateway gives instead:
 * - no (or a blank) Authorization header: 401, the authorizer is not called;
 * - the authorizer throws `Unauthorized`: 401; throws anything else: 500;
 * - it returns no valid policy, or context values that are not strings, numbers or
 *   booleans: 500 (API Gateway calls this a configuration error);
 * - its policy does not Allow the method: a 401 with the code of its context.
 * Context values reach handlers as strings.
 */
export type TokenAuthorizer = (
  event: APIGatewayTokenAuthorizerEvent,
  context: Context,
) => Promise<APIGatewayAuthorizerResult>;

export type AuthorizerOutcome =
  | { allowed: true; principalId: string; context: Record<string, string> }
  | { allowed: false; answer: GatewayAnswer };

/** `arn:…:api/stage/GET/a/*` style resources: `*` matches any run of characters, `?` one. */
function resourceMatches(resource: string, arn: string): boolean {
  const source = resource
    .split('')
    .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`).test(arn);
}

function decision(result: APIGatewayAuthorizerResult, arn: string): 'Allow' | 'Deny' {
  let allowed = false;
  for (const statement of result.policyDocument.Statement) {
    const raw = 'Resource' in statement ? statement.Resource : undefined;
    const resources = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    if (!resources.some((resource) => resourceMatches(String(resource), arn))) continue;
    if (statement.Effect === 'Deny') return 'Deny';
    if (statement.Effect === 'Allow') allowed = true;
  }
  return allowed ? 'Allow' : 'Deny';
}

/** The context as API Gateway passes it on (strings), or `undefined` when it would refuse it. */
function contextValues(result: APIGatewayAuthorizerResult): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.context ?? {})) {
    if (value === undefined || value === null) continue;
    if (!['string', 'number', 'boolean'].includes(typeof value)) return undefined;
    values[name] = String(value);
  }
  return values;
}

function isResult(result: unknown): result is APIGatewayAuthorizerResult {
  const candidate = result as APIGatewayAuthorizerResult | null | undefined;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.principalId === 'string' &&
    Array.isArray(candidate.policyDocument?.Statement)
  );
}

export async function runAuthorizer(
  authorizer: TokenAuthorizer,
  authorization: string | undefined,
  arn: string,
  context: Context,
): Promise<AuthorizerOutcome> {
  if (authorization === undefined || authorization.trim() === '') {
    return { allowed: false, answer: gatewayAnswers.unauthorized };
  }
  let result: unknown;
  try {
    result = await authorizer({ type: 'TOKEN', authorizationToken: authorization, methodArn: arn }, context);
  } catch (error) {
    const unauthorized = error instanceof Error && error.message === 'Unauthorized';
    return {
      allowed: false,
      answer: unauthorized ? gatewayAnswers.unauthorized : gatewayAnswers.authorizerFailure,
    };
  }
  const values = isResult(result) ? contextValues(result) : undefined;
  if (!isResult(result) || !values) return { allowed: false, answer: gatewayAnswers.authorizerFailure };
  if (decision(result, arn) !== 'Allow') return { allowed: false, answer: accessDenied(values) };
  return { allowed: true, principalId: result.principalId, context: values };
}

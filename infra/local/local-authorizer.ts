import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent, Context } from 'aws-lambda';

/**
 * Runs the token authorizer the way API Gateway does for a TOKEN authorizer on the
 * Authorization header, and turns its answer into either the `requestContext.authorizer`
 * object a handler receives or the 401 the gateway answers (design.md §3.1).
 */
export type TokenAuthorizer = (
  event: APIGatewayTokenAuthorizerEvent,
  context: Context,
) => Promise<APIGatewayAuthorizerResult>;

export type AuthorizerOutcome =
  | { allowed: true; authorizer: Record<string, string> }
  | { allowed: false; body: { detail: string; code: string } };

const DETAILS: Record<string, string> = {
  not_authenticated: 'Authentication credentials were not provided.',
  token_expired: 'The token has expired.',
};

export function notAuthenticated(code = 'not_authenticated', detail?: string): AuthorizerOutcome {
  return {
    allowed: false,
    body: {
      detail: detail ?? DETAILS[code] ?? 'Authentication credentials are not valid.',
      code,
    },
  };
}

/** `arn:…:api/stage/GET/a/*` style resources: `*` matches any run of characters, `?` one. */
function resourceMatches(resource: string, arn: string): boolean {
  const source = resource
    .split('')
    .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`).test(arn);
}

function decision(result: APIGatewayAuthorizerResult, arn: string): 'Allow' | 'Deny' {
  const statements = result.policyDocument?.Statement ?? [];
  let allowed = false;
  for (const statement of statements) {
    const raw = 'Resource' in statement ? statement.Resource : undefined;
    const resources = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    if (!resources.some((resource) => resourceMatches(String(resource), arn))) continue;
    if (statement.Effect === 'Deny') return 'Deny';
    if (statement.Effect === 'Allow') allowed = true;
  }
  return allowed ? 'Allow' : 'Deny';
}

export async function runAuthorizer(
  authorizer: TokenAuthorizer,
  authorization: string | undefined,
  arn: string,
  context: Context,
): Promise<AuthorizerOutcome> {
  if (authorization === undefined || authorization.trim() === '') return notAuthenticated();
  let result: APIGatewayAuthorizerResult;
  try {
    result = await authorizer({ type: 'TOKEN', authorizationToken: authorization, methodArn: arn }, context);
  } catch {
    // API Gateway answers 401 Unauthorized when the authorizer fails ("Unauthorized" error).
    return notAuthenticated();
  }
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(result?.context ?? {})) {
    if (value !== undefined && value !== null) values[name] = String(value);
  }
  if (!result || decision(result, arn) !== 'Allow') {
    return notAuthenticated(values.code || 'not_authenticated', values.detail);
  }
  return { allowed: true, authorizer: { ...values, principalId: String(result.principalId ?? '') } };
}

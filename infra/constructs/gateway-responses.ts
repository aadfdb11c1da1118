import { ResponseType, type RestApi } from 'aws-cdk-lib/aws-apigateway';

/**
 * Answers API Gateway gives itself (before or instead of a function), in the service's
 * one error shape `{"detail", "code"}` (design.md §3.5). The authorizer Denies with
 * `context.code` = `not_authenticated` | `token_expired`; API Gateway reports a Deny as
 * ACCESS_DENIED, which the service answers as a 401 carrying that code.
 */
interface GatewayResponseSpec {
  readonly id: string;
  readonly type: ResponseType;
  /** Omitted for the defaults: they keep API Gateway's own status (403, 415, 429, 504, …). */
  readonly statusCode?: string;
  readonly body: string;
}

const json = (detail: string, code: string) => JSON.stringify({ detail, code });

export const gatewayResponses: readonly GatewayResponseSpec[] = [
  {
    id: 'Unauthorized',
    type: ResponseType.UNAUTHORIZED,
    statusCode: '401',
    body: json('Authentication credentials were not provided or are invalid.', 'not_authenticated'),
  },
  {
    id: 'AccessDenied',
    type: ResponseType.ACCESS_DENIED,
    statusCode: '401',
    body: json('Authentication credentials are invalid or have expired.', '$context.authorizer.code'),
  },
  {
    // API Gateway answers a path or method it does not know with 403 "Missing Authentication Token".
    id: 'UnknownRoute',
    type: ResponseType.MISSING_AUTHENTICATION_TOKEN,
    statusCode: '404',
    body: json('Not found.', 'not_found'),
  },
  {
    id: 'Throttled',
    type: ResponseType.THROTTLED,
    statusCode: '429',
    body: json('Too many requests; retry later.', 'throttled'),
  },
  {
    id: 'RequestTooLarge',
    type: ResponseType.REQUEST_TOO_LARGE,
    statusCode: '413',
    body: json('The request body is larger than 6 MB.', 'payload_too_large'),
  },
  {
    id: 'Default4xx',
    type: ResponseType.DEFAULT_4XX,
    // $context.error.messageString is API Gateway's message, already a quoted JSON string.
    body: '{"detail":$context.error.messageString,"code":"bad_request"}',
  },
  {
    id: 'Default5xx',
    type: ResponseType.DEFAULT_5XX,
    body: json('An unexpected error occurred; retry the request as it is.', 'internal_error'),
  },
];

export function addGatewayResponses(api: RestApi): void {
  for (const response of gatewayResponses) {
    api.addGatewayResponse(response.id, {
      type: response.type,
      ...(response.statusCode ? { statusCode: response.statusCode } : {}),
      templates: { 'application/json': response.body },
    });
  }
}

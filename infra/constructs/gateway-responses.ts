import { ResponseType, type RestApi } from 'aws-cdk-lib/aws-apigateway';
import { REFUSALS } from '../../functions/auth/refusals.js';

/**
 * Answers API Gateway gives itself (before or instead of a function), in the service's one
 * error shape `{"detail", "code"}`. The local API server gives the same status, code and
 * headers for the same situations: `gatewayResponses` is the list both follow.
 */
export interface GatewayResponseSpec {
  readonly id: string;
  readonly type: ResponseType;
  /** When API Gateway gives this answer, in plain words. */
  readonly when: string;
  /** Omitted for the defaults: they keep API Gateway's own status (403, 415, 502, 504, …). */
  readonly statusCode?: string;
  /**
   * The `detail`: a JSON string value, or `$context.error.messageString` (API Gateway's own
   * message, which it renders already quoted).
   */
  readonly detail: string;
  /** The `code`; `$context.authorizer.code` is the code the authorizer put in its context. */
  readonly code: string;
  /** Extra response headers (name → value). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Seconds a throttled client waits before retrying (the stage and usage plan limits are per second). */
export const THROTTLED_RETRY_AFTER_SECONDS = 1;

/** API Gateway's own message, already a quoted JSON string. */
const GATEWAY_MESSAGE = '$context.error.messageString';

/** The detail the authorizer put in its context (written so that it needs no JSON escaping). */
const AUTHORIZER_DETAIL = '$context.authorizer.detail';

const INTERNAL_ERROR_DETAIL = 'An unexpected error occurred; retry the request as it is.';

export const gatewayResponses: readonly GatewayResponseSpec[] = [
  {
    id: 'Unauthorized',
    type: ResponseType.UNAUTHORIZED,
    when: 'No Authorization header (the authorizer is not called; it never answers "Unauthorized" itself)',
    statusCode: '401',
    detail: REFUSALS.missing_header.detail,
    code: REFUSALS.missing_header.code,
  },
  {
    id: 'AccessDenied',
    type: ResponseType.ACCESS_DENIED,
    when: 'The authorizer denied the header (another scheme than Token, a token not valid or expired): its context carries the code (not_authenticated or token_expired) and the detail naming the cause',
    statusCode: '401',
    detail: AUTHORIZER_DETAIL,
    code: '$context.authorizer.code',
  },
  {
    // API Gateway answers a path, or a method of a defined path, that it does not know with
    // 403 "Missing Authentication Token".
    id: 'UnknownRoute',
    type: ResponseType.MISSING_AUTHENTICATION_TOKEN,
    when: 'A path the API does not define, or a method not defined on a path that exists',
    statusCode: '404',
    detail: 'Not found.',
    code: 'not_found',
  },
  {
    id: 'AuthorizerFailure',
    type: ResponseType.AUTHORIZER_FAILURE,
    when: 'The authorizer function threw, timed out or returned something that is not a policy',
    statusCode: '500',
    detail: INTERNAL_ERROR_DETAIL,
    code: 'internal_error',
  },
  {
    id: 'AuthorizerConfigurationError',
    type: ResponseType.AUTHORIZER_CONFIGURATION_ERROR,
    when: 'API Gateway could not invoke the authorizer function',
    statusCode: '500',
    detail: INTERNAL_ERROR_DETAIL,
    code: 'internal_error',
  },
  {
    id: 'Throttled',
    type: ResponseType.THROTTLED,
    when: 'The stage or the organisation’s usage plan rate or burst limit is exceeded',
    statusCode: '429',
    detail: 'Too many requests; retry later.',
    code: 'throttled',
    headers: { 'Retry-After': String(THROTTLED_RETRY_AFTER_SECONDS) },
  },
  {
    id: 'RequestTooLarge',
    type: ResponseType.REQUEST_TOO_LARGE,
    when: 'A request larger than the function can take (the 6 MB Lambda payload limit)',
    statusCode: '413',
    detail: 'The request body is larger than 6 MB.',
    code: 'payload_too_large',
  },
  {
    id: 'Default4xx',
    type: ResponseType.DEFAULT_4XX,
    when: 'Any other 4xx API Gateway gives itself (e.g. 415 unsupported media type); status kept',
    detail: GATEWAY_MESSAGE,
    code: 'bad_request',
  },
  {
    id: 'Default5xx',
    type: ResponseType.DEFAULT_5XX,
    when:
      'Any other 5xx API Gateway gives itself (a function that crashed, timed out or answered more than 6 MB: ' +
      '502 or 504); status kept',
    detail: INTERNAL_ERROR_DETAIL,
    code: 'internal_error',
  },
];

/** The mapping template of a gateway response: `{"detail", "code"}`. */
export function bodyTemplateOf(response: GatewayResponseSpec): string {
  const detail = response.detail === GATEWAY_MESSAGE ? GATEWAY_MESSAGE : JSON.stringify(response.detail);
  return `{"detail":${detail},"code":${JSON.stringify(response.code)}}`;
}

export function addGatewayResponses(api: RestApi): void {
  for (const response of gatewayResponses) {
    api.addGatewayResponse(response.id, {
      type: response.type,
      ...(response.statusCode ? { statusCode: response.statusCode } : {}),
      // Header values are mapping expressions: a literal is single-quoted.
      ...(response.headers
        ? {
            responseHeaders: Object.fromEntries(
              Object.entries(response.headers).map(([name, value]) => [name, `'${value}'`]),
            ),
          }
        : {}),
      templates: { 'application/json': bodyTemplateOf(response) },
    });
  }
}

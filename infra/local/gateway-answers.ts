import { REFUSALS } from '../../functions/auth/refusals.js';

/**
 * The answers API Gateway gives itself, before or instead of a function, with the bodies the
 * stack's gateway responses give them (the service's one error shape `{"detail", "code"}`).
 * The local API server gives exactly these in the same situations.
 */
export interface GatewayAnswer {
  status: number;
  body: { detail: string; code: string };
  /** Extra response headers (lower-case names). */
  headers?: Record<string, string>;
}

const answer = (status: number, detail: string, code: string): GatewayAnswer => ({
  status,
  body: { detail, code },
});

export const gatewayAnswers = {
  /** No resource has this path, or the resource does not define this method. */
  notFound: answer(404, 'Not found.', 'not_found'),
  /** No Authorization header, or the authorizer threw `Unauthorized` (the service's never does). */
  unauthorized: answer(401, REFUSALS.missing_header.detail, REFUSALS.missing_header.code),
  /** The authorizer threw anything else or returned something that is not a valid answer. */
  authorizerFailure: answer(
    500,
    'An unexpected error occurred; retry the request as it is.',
    'internal_error',
  ),
  /**
   * The request line and the header values together exceed API Gateway's 10 240 bytes (a very long
   * URL, in practice): 414, the status AWS documents for a request URI API Gateway finds too long.
   */
  requestLineTooLong: answer(
    414,
    'The URL and headers together are longer than API Gateway accepts (10240 bytes for the request line and header values); shorten the URL.',
    'uri_too_long',
  ),
  /** A request Node's HTTP parser cannot read (not HTTP at all): API Gateway's DEFAULT_4XX, a 400. */
  malformedRequest: answer(400, 'The request is not a valid HTTP request.', 'bad_request'),
  /** The request, as a Lambda invocation, exceeds Lambda's 6 MB payload limit. */
  requestTooLarge: answer(413, 'The request body is larger than 6 MB.', 'payload_too_large'),
  /** The function failed (threw, timed out) or returned something that is not a proxy result. */
  functionFailure: answer(502, 'An unexpected error occurred; retry the request as it is.', 'internal_error'),
} as const;

/**
 * The organisation's rate or burst limit is exceeded (the stack's THROTTLED gateway response,
 * with its `Retry-After`).
 */
export function throttled(retryAfterSeconds: number): GatewayAnswer {
  return {
    ...answer(429, 'Too many requests; retry later.', 'throttled'),
    headers: { 'retry-after': String(retryAfterSeconds) },
  };
}

/** The authorizer denied the request: a 401 carrying the code and detail of its context. */
export function accessDenied(context: Record<string, string>): GatewayAnswer {
  return answer(
    401,
    context.detail ?? REFUSALS.invalid_token.detail,
    context.code === 'token_expired' ? 'token_expired' : 'not_authenticated',
  );
}

/** Above 10 MB API Gateway's front door refuses the request itself (no gateway response applies). */
export const HTTP_CONTENT_LIMIT_BYTES = 10 * 1024 * 1024;
/**
 * API Gateway's quota on a REST API request's "total combined size of request line and header
 * values" (and on the URL of a regional API): 10 240 bytes. Above it the request is refused
 * before routing.
 */
export const REQUEST_LINE_AND_HEADERS_LIMIT_BYTES = 10_240;

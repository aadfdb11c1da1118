import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { DomainError, RETRY_AFTER_SECONDS } from '../errors.js';
import { logger } from '../logger.js';
import { jsonResponse } from './response.js';

/** AWS SDK errors that mean "try again": the client should retry the same request. */
const RETRYABLE_AWS_ERRORS = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'TransactionConflictException',
  'TransactionInProgressException',
  'InternalServerError',
  'ServiceUnavailable',
  'TimeoutError',
  'SlowDown',
]);

/**
 * Node network errors: the service could not be reached or the connection broke (after the
 * SDK's own retries). Nothing was refused; the same request can succeed later.
 */
const RETRYABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
]);

function isRetryableError(error: Error): boolean {
  if (RETRYABLE_AWS_ERRORS.has(error.name)) return true;
  if (RETRYABLE_NETWORK_CODES.has(String((error as { code?: unknown }).code))) return true;
  const metadata = (error as { $retryable?: unknown; $metadata?: { httpStatusCode?: number } }).$metadata;
  return (
    (metadata?.httpStatusCode ?? 0) >= 500 || (error as { $retryable?: unknown }).$retryable !== undefined
  );
}

/** Every retryable answer tells the client when to retry. */
const retryAfter = (seconds: number) => ({ 'retry-after': String(seconds) });

/** Statuses that always carry `Retry-After`, whatever error produced them. */
const ALWAYS_RETRY_AFTER = new Set([429, 503]);

/** The `Retry-After` seconds of a domain error: its own, else the default for a 429 or 503. */
function retryAfterOf(error: DomainError): number | undefined {
  if (error.retryAfterSeconds !== undefined) return error.retryAfterSeconds;
  return ALWAYS_RETRY_AFTER.has(error.statusCode) ? RETRY_AFTER_SECONDS : undefined;
}

/**
 * The one place errors become HTTP responses. Domain errors carry their status and body;
 * anything else is a 500 whose body never leaks internals (the details go to the log).
 */
export function errorHandler(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  return {
    onError: async (request) => {
      request.response = errorResponse(request.error as Error);
    },
  };
}

/** The response of an error thrown while serving a request (the middleware's, and a keyed request's). */
export function errorResponse(error: Error): APIGatewayProxyResult {
  if (error instanceof DomainError) {
    const seconds = retryAfterOf(error);
    return jsonResponse({
      statusCode: error.statusCode,
      body: error.body(),
      ...(seconds !== undefined ? { headers: retryAfter(seconds) } : {}),
    });
  }
  const retryable = isRetryableError(error);
  logger.error(retryable ? 'Retryable failure' : 'Unexpected failure', { error });
  return jsonResponse({
    statusCode: retryable ? 503 : 500,
    ...(retryable ? { headers: retryAfter(RETRY_AFTER_SECONDS) } : {}),
    body: retryable
      ? {
          detail: 'The service is temporarily unavailable; retry the request as it is.',
          code: 'service_unavailable',
        }
      : { detail: 'An unexpected error occurred; retry the request as it is.', code: 'internal_error' },
  });
}

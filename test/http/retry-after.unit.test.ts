import type { Request } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  DomainError,
  NotFoundError,
  RETRY_AFTER_SECONDS,
  RetryableError,
} from '../../functions/errors.js';
import { errorHandler } from '../../functions/http/error-handler.js';
import { inProgress } from '../../functions/rules/account/import-process-rules.js';

/** The response the error middleware gives for `error`. */
async function answerTo(error: Error): Promise<APIGatewayProxyResult> {
  const request = {
    event: {} as APIGatewayProxyEvent,
    context: {} as Context,
    response: undefined,
    error,
    internal: {},
  } as unknown as Request<APIGatewayProxyEvent, APIGatewayProxyResult>;
  await errorHandler().onError?.(request);
  return request.response as APIGatewayProxyResult;
}

class TooManyRequests extends DomainError {
  readonly statusCode = 429;
}

describe('Retry hints: every 429 and 503, and a 409 import_process_in_progress, carry Retry-After (seconds)', () => {
  it('a 503 domain error carries its Retry-After', async () => {
    const response = await answerTo(new RetryableError('temporarily_unavailable', 'Retry.', 503));
    expect(response.statusCode).toBe(503);
    expect(response.headers?.['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  });

  it('a 429 domain error carries Retry-After even when it names no delay', async () => {
    const response = await answerTo(new TooManyRequests('throttled', 'Too many requests; retry later.'));
    expect(response.statusCode).toBe(429);
    expect(response.headers?.['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  });

  it('an unexpected AWS throttling error is a 503 with Retry-After', async () => {
    const error = Object.assign(new Error('slow down'), { name: 'ThrottlingException' });
    const response = await answerTo(error);
    expect(response.statusCode).toBe(503);
    expect(response.headers?.['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
  });

  it('409 import_process_in_progress carries Retry-After: the seconds until the claim expires', async () => {
    const now = new Date('2026-11-26T10:00:00.400Z');
    const response = await answerTo(inProgress('2026-11-26T10:00:35Z', now));
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body).code).toBe('import_process_in_progress');
    expect(response.headers?.['retry-after']).toBe('35');
  });

  it('a conflict that does not clear by itself, and a 404, carry no Retry-After', async () => {
    const conflict = await answerTo(new ConflictError('account_import_process_already_imported', 'Done.'));
    const notFound = await answerTo(new NotFoundError('not_found', 'Not found.'));
    expect(conflict.headers?.['retry-after']).toBeUndefined();
    expect(notFound.headers?.['retry-after']).toBeUndefined();
  });
});

import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ConflictError, UnprocessableError, ValidationError } from '../errors.js';
import { claimExpiry } from '../invocation-clock.js';
import { logger } from '../logger.js';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  isKept,
  isValidIdempotencyKey,
  type KeptAnswer,
  keyHash,
  MAX_KEY_LENGTH,
  requestFingerprint,
} from '../rules/idempotency/idempotency-key.js';
import { answerOutcomesWith, withKeyClaim } from '../store/idempotency-scope.js';
import {
  claimKey,
  idempotencyRecordKey,
  type KeyClaim,
  keepAnswer,
  releaseKey,
} from '../store/idempotency-store.js';
import type { AuthContext } from './auth-context.js';
import { errorResponse } from './error-handler.js';
import { type ApiResponse, jsonResponse } from './response.js';

/**
 * Idempotency keys on every POST (docs/api/errors-and-retries.md#idempotency-keys). A POST with
 * an `Idempotency-Key` claims the key (the one claim model: the invocation's deadline plus the
 * margin) before it runs; its answer is kept under the key unless it is a 5xx or tells the
 * client to retry later (`Retry-After`): then the key is released and the retry runs. A later
 * request with the key gets the kept answer (`Idempotent-Replayed: true`), a 422 when it is
 * another request, or a 409 with `Retry-After` while the first still runs.
 */

function headerOf(event: APIGatewayProxyEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [header, value] of Object.entries(event.headers ?? {})) {
    if (header.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
}

/** The request's key: undefined when it sent none; a 400 when it is not 1–255 printable ASCII characters. */
export function idempotencyKeyOf(event: APIGatewayProxyEvent): string | undefined {
  const key = headerOf(event, IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return undefined;
  if (!isValidIdempotencyKey(key)) {
    throw new ValidationError([
      {
        attr: IDEMPOTENCY_KEY_HEADER,
        code: 'invalid_idempotency_key',
        detail: `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters.`,
      },
    ]);
  }
  return key;
}

/**
 * Serves a POST (`run`) under its idempotency key, when it sent one. `run` answers errors as
 * responses here (the answer kept is the one the client gets).
 */
export async function withIdempotencyKey(
  event: APIGatewayProxyEvent,
  auth: () => AuthContext,
  run: () => Promise<APIGatewayProxyResult>,
): Promise<APIGatewayProxyResult> {
  const key = event.httpMethod === 'POST' ? idempotencyKeyOf(event) : undefined;
  if (key === undefined) return run();
  const claim: KeyClaim = {
    key: idempotencyRecordKey(auth().organisation, keyHash(key)),
    holder: randomUUID(),
  };
  const now = new Date();
  const found = await claimKey({
    claim,
    requestHash: requestFingerprint(event.httpMethod, event.path, event.body),
    expiresAt: claimExpiry(now),
    now,
  });
  switch (found.kind) {
    case 'replay':
      return jsonResponse({
        statusCode: found.answer.status,
        body: found.answer.body,
        headers: { [IDEMPOTENT_REPLAYED_HEADER]: 'true' },
      });
    case 'reused':
      throw new UnprocessableError(
        'idempotency_key_reused',
        `This ${IDEMPOTENCY_KEY_HEADER} was sent with another request (method, path or body); use a new key for a new request.`,
      );
    case 'in-use':
      throw new ConflictError(
        'idempotency_key_in_use',
        `A request with this ${IDEMPOTENCY_KEY_HEADER} is still running; retry after the seconds Retry-After says.`,
        {},
        found.retryAfterSeconds,
      );
  }
  const { value: response, kept } = await withKeyClaim(claim, () =>
    run().catch((error: Error) => errorResponse(error)),
  );
  if (!kept) await settleKey(claim, response);
  return response;
}

/** Keeps the answer under the key when no write of the request kept it, or releases the key. */
async function settleKey(claim: KeyClaim, response: APIGatewayProxyResult): Promise<void> {
  const retryLater = Object.keys(response.headers ?? {}).some((name) => name.toLowerCase() === 'retry-after');
  try {
    if (!isKept(response.statusCode, retryLater)) await releaseKey(claim);
    else
      await keepAnswer(claim, { status: response.statusCode, body: JSON.parse(response.body) }, new Date());
  } catch (error) {
    // The client gets its answer; the key's claim expires with this invocation and a retry runs again.
    logger.warn('The idempotency key could not be settled', { error });
  }
}

/**
 * Runs a use case whose last write ends the request, answering its outcome with `answer`: a
 * request with a key keeps that answer in the same transaction as the write (the use case
 * passes its outcome to `transactWriteWithRetry`).
 */
export async function answerOf<R>(
  answer: (outcome: R) => ApiResponse,
  run: () => Promise<R>,
): Promise<ApiResponse> {
  answerOutcomesWith((outcome) => keptAnswerOf(answer(outcome as R)));
  return answer(await run());
}

function keptAnswerOf(response: ApiResponse): KeptAnswer {
  return { status: response.statusCode, body: response.body };
}

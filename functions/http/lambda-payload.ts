import type { APIGatewayProxyEvent } from 'aws-lambda';

/**
 * Lambda's limit for a synchronous invocation's payload. API Gateway hands a function the whole
 * proxy event as JSON, so the limit applies to the event, not to the body alone: a body of
 * escaped text (each `"` written `\"` in the event) reaches it well before 6 MB of body.
 */
export const LAMBDA_PAYLOAD_LIMIT_BYTES = 6 * 1024 * 1024;

/** Whether the event is larger than Lambda takes (the gateway then answers 413 `payload_too_large`). */
export const exceedsLambdaPayload = (event: APIGatewayProxyEvent) =>
  Buffer.byteLength(JSON.stringify(event)) > LAMBDA_PAYLOAD_LIMIT_BYTES;

import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { withInvocation } from '../../invocation-clock.js';
import { logger } from '../../logger.js';

/**
 * The handler of a function no API route calls (the table stream, the task queue, a schedule,
 * the bus): every log line of the invocation carries its Lambda context (function name,
 * request id, cold start), as an API handler's do (`functions/http/api-handler.ts`), and none of
 * the keys an earlier invocation appended. The invocation (its request id and deadline, from the
 * context) is carried for the code it runs (functions/invocation-clock.ts): it sets the expiry of
 * the claims it takes and names their holder; `handle` gets the context too.
 */
export function backgroundHandler<TEvent, TResult>(
  handle: (event: TEvent, context: Context) => Promise<TResult>,
) {
  return middy<TEvent, TResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event, context: Context) => withInvocation(context, () => handle(event, context)));
}

import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { handleGraphqlRequest } from '../auth/graphql-request.js';
import { logger } from '../logger.js';

/**
 * POST /v1/graphql/: the obtainServiceToken mutation. Not behind the
 * authorizer (this is how callers get a token) and not an `apiHandler` (no supplier):
 * GraphQL errors carry `extensions.errorCode`; an unexpected failure is a 500 whose body
 * says nothing of internals. Request bodies (keys, tokens) are never logged.
 */
function respond(statusCode: number, body: unknown): APIGatewayProxyResult {
  return { statusCode, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

export const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
  .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }))
  .handler(async (event) => {
    try {
      const raw =
        event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
      const { statusCode, body } = await handleGraphqlRequest(raw);
      const codes = body.errors?.map((error) => error.extensions?.errorCode);
      if (codes?.length) logger.info('Token request refused', { errorCodes: codes });
      return respond(statusCode, body);
    } catch (error) {
      const cause = (error as Error).cause ?? error;
      logger.error('Token request failed', { error: cause as Error });
      return respond(500, {
        errors: [
          {
            message: 'An unexpected error occurred; retry the request as it is.',
            extensions: { errorCode: 'internal_error' },
          },
        ],
      });
    }
  });

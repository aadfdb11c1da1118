import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { dynamoDbClient } from '../../../functions/shared/store/dynamodb.js';

/** A POST proxy event as API Gateway passes it after the authorizer (organisation + supplier scope). */
export function postEvent(options: {
  path: string;
  body: unknown;
  query?: Record<string, string>;
  suppliers?: string[];
}): APIGatewayProxyEvent {
  return {
    resource: options.path,
    path: options.path,
    httpMethod: 'POST',
    headers: { 'content-type': 'application/json' },
    multiValueHeaders: {},
    queryStringParameters: options.query ?? null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    requestContext: {
      authorizer: { organisation: 'test-org', suppliers: (options.suppliers ?? ['ACME']).join(',') },
    } as unknown as APIGatewayProxyEvent['requestContext'],
    body: JSON.stringify(options.body),
    isBase64Encoded: false,
  };
}

export const lambdaContext = {
  functionName: 'test',
  awsRequestId: 'test',
  getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;

export type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** Counts every DynamoDB request the process sends (each HTTP request, retries included), by operation. */
export function countDynamoDbRequests(): {
  byOperation: Record<string, number>;
  total(): number;
  stop(): void;
} {
  const byOperation: Record<string, number> = {};
  const name = `post-import-request-counter-${Math.random()}`;
  dynamoDbClient.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = String((context as { commandName?: string }).commandName);
      byOperation[operation] = (byOperation[operation] ?? 0) + 1;
      return next(args);
    },
    { step: 'finalizeRequest', name },
  );
  return {
    byOperation,
    total: () => Object.values(byOperation).reduce((sum, count) => sum + count, 0),
    stop: () => dynamoDbClient.middlewareStack.remove(name),
  };
}

import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { dynamoDbClient } from '../../../functions/shared/store/dynamodb.js';

/** An API Gateway proxy event as the authorizer passes it (organisation + supplier scope). */
export function getEvent(options: {
  path: string;
  resource: string;
  pathParameters: Record<string, string>;
  query?: Record<string, string>;
  suppliers: string[];
}): APIGatewayProxyEvent {
  return {
    resource: options.resource,
    path: options.path,
    httpMethod: 'GET',
    headers: { Host: 'api.example.test', 'X-Forwarded-Proto': 'https' },
    multiValueHeaders: {},
    queryStringParameters: options.query ?? null,
    multiValueQueryStringParameters: null,
    pathParameters: options.pathParameters,
    stageVariables: null,
    requestContext: {
      authorizer: { organisation: 'test-org', suppliers: options.suppliers.join(',') },
      path: `/prod${options.path}`,
      stage: 'prod',
    } as unknown as APIGatewayProxyEvent['requestContext'],
    body: null,
    isBase64Encoded: false,
  };
}

export const context = {
  functionName: 'test',
  awsRequestId: 'test',
  getRemainingTimeInMillis: () => 30_000,
} as unknown as Context;

export type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** Records the name of every DynamoDB command the process sends (SDK middleware). */
export function recordDynamoDbCommands(): { commands: string[]; stop(): void } {
  const commands: string[] = [];
  const name = `record-commands-${Math.random()}`;
  dynamoDbClient.middlewareStack.add(
    (next, context) => async (args) => {
      commands.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { commands, stop: () => dynamoDbClient.middlewareStack.remove(name) };
}

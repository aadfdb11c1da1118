import type { APIGatewayProxyEvent } from 'aws-lambda';
import { dynamoDbClient } from '../../../functions/store/dynamodb.js';
import { proxyEvent } from '../../support/in-process.js';

export { lambdaContext as context, type ProxyHandler as Handler } from '../../support/in-process.js';

/** A GET proxy event as the authorizer passes it, on a deployed stage (lists build `Link` URLs from it). */
export function getEvent(options: {
  path: string;
  resource: string;
  pathParameters: Record<string, string>;
  query?: Record<string, string>;
  suppliers: string[];
}): APIGatewayProxyEvent {
  return proxyEvent({
    method: 'GET',
    ...options,
    headers: { Host: 'api.example.test', 'X-Forwarded-Proto': 'https' },
    stage: 'prod',
  });
}

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

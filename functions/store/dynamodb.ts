import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requireEnv } from '../config.js';

/** Table name, read once per cold start. */
export const TABLE_NAME = requireEnv('DATA_IMPORT_TABLE_NAME');

/**
 * One DynamoDB client per process, created at module scope. Endpoints come from the
 * standard `AWS_ENDPOINT_URL_DYNAMODB` variable (the local runtime sets it). Tests and the
 * benchmark count requests by adding middleware to `dynamoDbClient.middlewareStack`.
 */
export const dynamoDbClient = new DynamoDBClient({ maxAttempts: 4 });
// The SDK's logger middleware copies every request's input and every answer through the
// sensitive-data filter for a logger that discards them: a 100-item TransactWriteItems walked
// twice per call, for nothing. The service logs its own facts, never the SDK's.
dynamoDbClient.middlewareStack.remove('loggerMiddleware');

export const documentClient = DynamoDBDocumentClient.from(dynamoDbClient, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
});

/** DynamoDB batch and transaction limits. */
export const LIMITS = {
  transactWriteItems: 100,
  batchWriteItem: 25,
  batchGetItem: 100,
} as const;

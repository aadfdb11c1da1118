import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { requireEnv } from '../config.js';

/** The service's bus, read once per cold start. */
export const EVENT_BUS_NAME = requireEnv('DATA_IMPORT_EVENT_BUS_NAME');

/** Endpoint from the standard `AWS_ENDPOINT_URL_EVENTBRIDGE` variable (set by the local runtime). */
export const eventBridgeClient = new EventBridgeClient({ maxAttempts: 4 });
// No SDK logger: its middleware would copy every PutEvents request and answer for nothing (see store/dynamodb.ts).
eventBridgeClient.middlewareStack.remove('loggerMiddleware');

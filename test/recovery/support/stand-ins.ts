import { randomBytes } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand, DeleteQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTable } from '../../../infra/local/create-table.js';

/**
 * What one exploration runs against: the integration project's local stand-ins (DynamoDB Local,
 * the local S3, SQS and EventBridge endpoints, the fake payment vendor), with a table, a task
 * queue and an event bus of its own. Nothing else reads that table's stream or that queue, and the
 * shared runtime's rules and consumers listen on another bus, so what the harness sees is only
 * what its functions did; the events still reach the shared events file (the local bus archive).
 */
export interface StandIns {
  tableName: string;
  streamArn: string;
  queueUrl: string;
  busName: string;
  /** The environment of every child: the stack's variables for these resources. */
  env: Record<string, string>;
  /** host:port → service, for the call labels. */
  services: Record<string, string>;
  db: DynamoDBDocumentClient;
  sqs: SQSClient;
  close(): Promise<void>;
}

const inherited = [
  'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_ENDPOINT_URL_DYNAMODB_STREAMS',
  'AWS_ENDPOINT_URL_S3',
  'AWS_ENDPOINT_URL_EVENTBRIDGE',
  'AWS_ENDPOINT_URL_SQS',
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'DATA_IMPORT_BUCKET_NAME',
  'DATA_IMPORT_STRIPE_API_URL',
  'DATA_IMPORT_STRIPE_API_KEY',
  'DATA_IMPORT_TOKEN_SIGNING_KEY',
] as const;

const hostOf = (url: string | undefined) => (url ? new URL(url).host : '');

export async function createStandIns(label: string): Promise<StandIns> {
  const tag = `${label}-${randomBytes(3).toString('hex')}`;
  const tableName = `crash-points-${tag}`;
  const raw = new DynamoDBClient({});
  const db = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  const streamArn = await createTable(raw, tableName);
  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: `crash-points-${tag}` }));
  const queueUrl = QueueUrl as string;
  const busName = 'data-import-crash-points';
  const env: Record<string, string> = {
    ...Object.fromEntries(
      inherited.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
    ),
    DATA_IMPORT_TABLE_NAME: tableName,
    DATA_IMPORT_TASK_QUEUE_URL: queueUrl,
    DATA_IMPORT_EVENT_BUS_NAME: busName,
    DATA_IMPORT_SUPPLIER_CACHE_SECONDS: '0',
    // A crashed holder's claim expires at its invocation's deadline, with no margin.
    DATA_IMPORT_CLAIM_MARGIN_SECONDS: '0',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    POWERTOOLS_LOG_LEVEL: 'WARN',
  };
  const services: Record<string, string> = {
    [hostOf(env.AWS_ENDPOINT_URL_DYNAMODB)]: 'dynamodb',
    [hostOf(env.AWS_ENDPOINT_URL_S3)]: 's3',
    [hostOf(env.AWS_ENDPOINT_URL_EVENTBRIDGE)]: 'events',
    [hostOf(env.AWS_ENDPOINT_URL_SQS)]: 'sqs',
    [hostOf(env.DATA_IMPORT_STRIPE_API_URL)]: 'vendor',
  };
  return {
    tableName,
    streamArn,
    queueUrl,
    busName,
    env,
    services,
    db,
    sqs,
    close: async () => {
      await raw.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
      await sqs.send(new DeleteQueueCommand({ QueueUrl: queueUrl })).catch(() => undefined);
      raw.destroy();
      sqs.destroy();
    },
  };
}

import { randomBytes } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  DeleteQueueCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTable } from '../../../infra/local/create-table.js';

/**
 * What one exploration runs against: the integration project's local stand-ins (DynamoDB Local,
 * the local S3, SQS and EventBridge endpoints, the fake payment vendor), with a table, a task
 * queue, bulk job queues and an event bus of its own (bulk job files go to the shared bulk jobs
 * bucket, each under its own job id). Nothing else reads that table's stream or that queue, and the
 * shared runtime's rules and consumers listen on another bus, so what the harness sees is only
 * what its functions did; the events still reach the shared events file (the local bus archive).
 */
export interface StandIns {
  tableName: string;
  streamArn: string;
  queueUrl: string;
  /** The bulk job queues: the reader's (`read` messages) and the lines queue (chunks, `finish`). */
  bulkReaderQueueUrl: string;
  bulkLinesQueueUrl: string;
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
  'DATA_IMPORT_BULK_BUCKET_NAME',
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
  const queue = async (name: string) =>
    (await sqs.send(new CreateQueueCommand({ QueueName: `crash-points-${tag}-${name}` }))).QueueUrl as string;
  const bulkReaderQueueUrl = await queue('bulk-reader');
  const bulkLinesQueueUrl = await queue('bulk-lines');
  const busName = 'data-import-crash-points';
  const env: Record<string, string> = {
    ...Object.fromEntries(
      inherited.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
    ),
    DATA_IMPORT_TABLE_NAME: tableName,
    DATA_IMPORT_TASK_QUEUE_URL: queueUrl,
    DATA_IMPORT_BULK_READER_QUEUE_URL: bulkReaderQueueUrl,
    DATA_IMPORT_BULK_QUEUE_URL: bulkLinesQueueUrl,
    // The chunk size the reader aims at (about eight chunks per worker): the bulk paths' files are cut for it.
    DATA_IMPORT_BULK_JOB_CONCURRENCY: '2',
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
    bulkReaderQueueUrl,
    bulkLinesQueueUrl,
    busName,
    env,
    services,
    db,
    sqs,
    close: async () => {
      await raw.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
      for (const url of [queueUrl, bulkReaderQueueUrl, bulkLinesQueueUrl]) {
        await sqs.send(new DeleteQueueCommand({ QueueUrl: url })).catch(() => undefined);
      }
      raw.destroy();
      sqs.destroy();
    },
  };
}

/** Every message of the queue that is visible now, received (with its system attributes) and deleted. */
export async function takeAllMessages(sqs: SQSClient, queueUrl: string): Promise<Message[]> {
  const taken: Message[] = [];
  for (;;) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        MaxNumberOfMessages: 10,
        MessageSystemAttributeNames: ['All'],
      }),
    );
    if (Messages.length === 0) return taken;
    taken.push(...Messages);
    await sqs.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: Messages.map((message, index) => ({
          Id: String(index),
          ReceiptHandle: message.ReceiptHandle,
        })),
      }),
    );
  }
}

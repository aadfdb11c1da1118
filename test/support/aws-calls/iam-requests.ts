/**
 * What IAM authorizes when a function calls an AWS API: the actions and resources one SDK
 * operation is checked against. Most operations are one action of the same name on one
 * resource; the exceptions are IAM's, listed here (a transaction is authorized item by item, a
 * batch table by table, `SendMessageBatch` is `sqs:SendMessage`, a HEAD of an object is
 * `s3:GetObject`). Pure: the recorder (./recorder.ts) and its unit test use it.
 */
export interface IamRequest {
  /** `service:Action`, as a policy names it. */
  action: string;
  /** The resource's ARN (`*` for an action without resource-level permissions). */
  resource: string;
}

export interface Where {
  region: string;
  account: string;
}

/** SDK `serviceId` → the service's IAM prefix. */
const PREFIXES: Record<string, string> = {
  DynamoDB: 'dynamodb',
  'DynamoDB Streams': 'dynamodb',
  SQS: 'sqs',
  'Secrets Manager': 'secretsmanager',
  EventBridge: 'events',
  S3: 's3',
};

export function iamPrefixOf(serviceId: string): string {
  return PREFIXES[serviceId] ?? serviceId.toLowerCase().replaceAll(' ', '');
}

type Input = Record<string, unknown>;

const tableArn = (table: string, where: Where) =>
  table.startsWith('arn:') ? table : `arn:aws:dynamodb:${where.region}:${where.account}:table/${table}`;

/** `TransactWriteItems` entries and the item action each is authorized as. */
const TRANSACT_WRITE_ACTIONS: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

function dynamoDbRequests(operation: string, input: Input, where: Where): IamRequest[] {
  const table = (name: unknown) => tableArn(String(name), where);
  switch (operation) {
    case 'Query':
    case 'Scan':
      return [
        {
          action: `dynamodb:${operation}`,
          resource: input.IndexName
            ? `${table(input.TableName)}/index/${String(input.IndexName)}`
            : table(input.TableName),
        },
      ];
    case 'BatchGetItem':
    case 'BatchWriteItem':
      return Object.keys((input.RequestItems ?? {}) as Input).map((name) => ({
        action: `dynamodb:${operation}`,
        resource: table(name),
      }));
    case 'TransactWriteItems':
      return ((input.TransactItems ?? []) as Input[]).flatMap((item) =>
        Object.entries(item).map(([kind, entry]) => ({
          action: TRANSACT_WRITE_ACTIONS[kind] ?? `dynamodb:TransactWriteItems.${kind}`,
          resource: table((entry as Input).TableName),
        })),
      );
    case 'TransactGetItems':
      return ((input.TransactItems ?? []) as Input[]).map((item) => ({
        action: 'dynamodb:GetItem',
        resource: table((item.Get as Input | undefined)?.TableName),
      }));
    default:
      return [{ action: `dynamodb:${operation}`, resource: table(input.TableName) }];
  }
}

/** `https://sqs.<region>.amazonaws.com/<account>/<name>` (or a local endpoint's) → the queue's ARN. */
export function queueArnOfUrl(queueUrl: string, where: Where): string {
  const [account, name] = new URL(queueUrl).pathname.split('/').filter(Boolean);
  return `arn:aws:sqs:${where.region}:${account ?? where.account}:${name}`;
}

const SQS_ACTIONS: Record<string, string> = {
  SendMessageBatch: 'SendMessage',
  DeleteMessageBatch: 'DeleteMessage',
  ChangeMessageVisibilityBatch: 'ChangeMessageVisibility',
};

function sqsRequests(operation: string, input: Input, where: Where): IamRequest[] {
  const resource =
    typeof input.QueueUrl === 'string'
      ? queueArnOfUrl(input.QueueUrl, where)
      : typeof input.QueueName === 'string'
        ? `arn:aws:sqs:${where.region}:${where.account}:${input.QueueName}`
        : '*';
  return [{ action: `sqs:${SQS_ACTIONS[operation] ?? operation}`, resource }];
}

function eventBridgeRequests(operation: string, input: Input, where: Where): IamRequest[] {
  const busArn = (bus: unknown) => {
    const name = typeof bus === 'string' && bus !== '' ? bus : 'default';
    return name.startsWith('arn:')
      ? name
      : `arn:aws:events:${where.region}:${where.account}:event-bus/${name}`;
  };
  if (operation === 'PutEvents') {
    const buses = new Set(((input.Entries ?? []) as Input[]).map((entry) => busArn(entry.EventBusName)));
    return [...buses].map((resource) => ({ action: 'events:PutEvents', resource }));
  }
  return [{ action: `events:${operation}`, resource: busArn(input.EventBusName) }];
}

function secretsRequests(operation: string, input: Input, where: Where): IamRequest[] {
  const id = String(input.SecretId ?? '*');
  const resource =
    id === '*' || id.startsWith('arn:')
      ? id
      : `arn:aws:secretsmanager:${where.region}:${where.account}:secret:${id}`;
  return [{ action: `secretsmanager:${operation}`, resource }];
}

/** S3 operations authorized as another action than their own name (objects, unless the action is a bucket's). */
const S3_ACTIONS: Record<string, string> = {
  HeadObject: 's3:GetObject',
  CopyObject: 's3:PutObject',
  CreateMultipartUpload: 's3:PutObject',
  UploadPart: 's3:PutObject',
  CompleteMultipartUpload: 's3:PutObject',
  ListParts: 's3:ListMultipartUploadParts',
  DeleteObjects: 's3:DeleteObject',
  ListObjects: 's3:ListBucket',
  ListObjectsV2: 's3:ListBucket',
  HeadBucket: 's3:ListBucket',
};

function s3Requests(operation: string, input: Input): IamRequest[] {
  const action = S3_ACTIONS[operation] ?? `s3:${operation}`;
  const bucket = `arn:aws:s3:::${String(input.Bucket ?? '')}`;
  if (action === 's3:ListBucket' || (input.Key === undefined && operation !== 'DeleteObjects')) {
    return [{ action, resource: bucket }];
  }
  const keys =
    operation === 'DeleteObjects'
      ? ((input.Delete as { Objects?: { Key: string }[] } | undefined)?.Objects ?? []).map((o) => o.Key)
      : [String(input.Key)];
  const requests = keys.map((key) => ({ action, resource: `${bucket}/${key}` }));
  // A copy also reads its source (`bucket/key`, URL-encoded).
  if (operation === 'CopyObject' && typeof input.CopySource === 'string') {
    requests.push({
      action: 's3:GetObject',
      resource: `arn:aws:s3:::${decodeURIComponent(input.CopySource.replace(/^\//, ''))}`,
    });
  }
  return requests;
}

/** The IAM requests of one SDK operation (`serviceId` as the SDK client's configuration names it). */
export function iamRequestsOf(
  serviceId: string,
  operation: string,
  input: Input,
  where: Where,
): IamRequest[] {
  const prefix = iamPrefixOf(serviceId);
  if (serviceId === 'DynamoDB') return dynamoDbRequests(operation, input, where);
  if (prefix === 'sqs') return sqsRequests(operation, input, where);
  if (prefix === 'events') return eventBridgeRequests(operation, input, where);
  if (prefix === 'secretsmanager') return secretsRequests(operation, input, where);
  if (prefix === 's3') return s3Requests(operation, input);
  return [{ action: `${prefix}:${operation}`, resource: '*' }];
}

/**
 * Variables that give a function a resource, by the suffix of their name, and the resource's ARN
 * from the variable's value. The recorder names a resource by its variable; the least-privilege
 * test finds the same variable in the function's environment in the template.
 */
const RESOURCE_VARIABLES: { suffix: string; arnOf: (value: string, where: Where) => string }[] = [
  { suffix: '_TABLE_NAME', arnOf: (v, w) => tableArn(v, w) },
  { suffix: '_BUCKET_NAME', arnOf: (v) => `arn:aws:s3:::${v}` },
  { suffix: '_QUEUE_URL', arnOf: (v, w) => queueArnOfUrl(v, w) },
  { suffix: '_EVENT_BUS_NAME', arnOf: (v, w) => `arn:aws:events:${w.region}:${w.account}:event-bus/${v}` },
  { suffix: '_SECRET_ARN', arnOf: (v) => v },
];

/** The ARN of the resource variable `name` with value `value` gives; undefined when it names none. */
export function resourceArnOfVariable(name: string, value: string, where: Where): string | undefined {
  const kind = RESOURCE_VARIABLES.find((variable) => name.endsWith(variable.suffix));
  return kind && value !== '' ? kind.arnOf(value, where) : undefined;
}

/** `arn:…:table/data-import-local/index/gsi1` → `DATA_IMPORT_TABLE_NAME/index/gsi1`, or the ARN itself. */
export function resourceReference(
  arn: string,
  env: Record<string, string | undefined>,
  where: Where,
): string {
  for (const [name, value] of Object.entries(env)) {
    const resourceArn = resourceArnOfVariable(name, value ?? '', where);
    if (resourceArn && (arn === resourceArn || arn.startsWith(`${resourceArn}/`))) {
      return `${name}${arn.slice(resourceArn.length)}`;
    }
  }
  return arn;
}

/** S3 REST requests on an object, by method: the operation and what IAM authorizes it as. */
const S3_OBJECT_OPERATIONS: Record<string, [operation: string, action: string]> = {
  GET: ['GetObject', 's3:GetObject'],
  HEAD: ['HeadObject', 's3:GetObject'],
  PUT: ['PutObject', 's3:PutObject'],
  DELETE: ['DeleteObject', 's3:DeleteObject'],
};

/** S3 REST requests of a multipart upload, by method and query parameter: all `s3:PutObject` but its abort. */
const S3_MULTIPART_OPERATIONS: Record<string, [operation: string, action: string]> = {
  'POST uploads': ['CreateMultipartUpload', 's3:PutObject'],
  'PUT uploadId': ['UploadPart', 's3:PutObject'],
  'POST uploadId': ['CompleteMultipartUpload', 's3:PutObject'],
  'DELETE uploadId': ['AbortMultipartUpload', 's3:AbortMultipartUpload'],
  'GET uploadId': ['ListParts', 's3:ListMultipartUploadParts'],
};

/**
 * A path-style S3 REST request (`/<bucket>/<key>`, as the local endpoint takes them, and its
 * query string) → its operation and IAM request. A bucket-level GET is a listing (`s3:ListBucket`).
 */
export function s3RequestOf(method: string, path: string, search = ''): IamRequest & { operation: string } {
  const [bucket = '', ...keySegments] = path.replace(/^\//, '').split('/');
  const key = keySegments.map(decodeURIComponent).join('/');
  if (key === '') {
    return method === 'GET'
      ? { operation: 'ListObjectsV2', action: 's3:ListBucket', resource: `arn:aws:s3:::${bucket}` }
      : { operation: `${method} bucket`, action: `s3:${method}`, resource: `arn:aws:s3:::${bucket}` };
  }
  const query = new URLSearchParams(search);
  const multipart =
    S3_MULTIPART_OPERATIONS[
      `${method} ${query.has('uploadId') ? 'uploadId' : query.has('uploads') ? 'uploads' : ''}`
    ];
  const [operation, action] = multipart ??
    S3_OBJECT_OPERATIONS[method] ?? [`${method} object`, `s3:${method}`];
  return { operation, action, resource: `arn:aws:s3:::${bucket}/${key}` };
}

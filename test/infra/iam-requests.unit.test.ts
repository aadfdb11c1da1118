import { describe, expect, it } from 'vitest';
import { iamRequestsOf, resourceReference, s3RequestOf } from '../support/aws-calls/iam-requests.js';

const where = { region: 'eu-west-2', account: '000000000000' };
const table = 'arn:aws:dynamodb:eu-west-2:000000000000:table/data';

describe('an AWS call is recorded as what IAM authorizes: the actions and resources it is checked against', () => {
  it('a transaction is authorized item by item, each entry as the item action it is', () => {
    // Act
    const requests = iamRequestsOf(
      'DynamoDB',
      'TransactWriteItems',
      {
        TransactItems: [
          { Put: { TableName: 'data' } },
          { Update: { TableName: 'data' } },
          { Delete: { TableName: 'data' } },
          { ConditionCheck: { TableName: 'data' } },
        ],
      },
      where,
    );

    // Assess
    expect(requests).toEqual([
      { action: 'dynamodb:PutItem', resource: table },
      { action: 'dynamodb:UpdateItem', resource: table },
      { action: 'dynamodb:DeleteItem', resource: table },
      { action: 'dynamodb:ConditionCheckItem', resource: table },
    ]);
  });

  it('a query of an index is authorized on the index, a query of the table on the table', () => {
    // Act / Assess
    expect(iamRequestsOf('DynamoDB', 'Query', { TableName: 'data', IndexName: 'gsi2' }, where)).toEqual([
      { action: 'dynamodb:Query', resource: `${table}/index/gsi2` },
    ]);
    expect(iamRequestsOf('DynamoDB', 'Query', { TableName: 'data' }, where)).toEqual([
      { action: 'dynamodb:Query', resource: table },
    ]);
  });

  it('a batch is authorized on each table it names', () => {
    // Act
    const requests = iamRequestsOf(
      'DynamoDB',
      'BatchGetItem',
      { RequestItems: { data: {}, other: {} } },
      where,
    );

    // Assess
    expect(requests.map((r) => r.resource)).toEqual([table, table.replace('/data', '/other')]);
  });

  it('SendMessageBatch is sqs:SendMessage on the queue its URL names', () => {
    // Act
    const requests = iamRequestsOf(
      'SQS',
      'SendMessageBatch',
      { QueueUrl: 'http://127.0.0.1:4566/000000000000/tasks' },
      where,
    );

    // Assess
    expect(requests).toEqual([
      { action: 'sqs:SendMessage', resource: 'arn:aws:sqs:eu-west-2:000000000000:tasks' },
    ]);
  });

  it('PutEvents is authorized once per bus its entries name, the default bus when they name none', () => {
    // Act
    const requests = iamRequestsOf(
      'EventBridge',
      'PutEvents',
      { Entries: [{ EventBusName: 'bus' }, { EventBusName: 'bus' }, {}] },
      where,
    );

    // Assess
    expect(requests).toEqual([
      { action: 'events:PutEvents', resource: 'arn:aws:events:eu-west-2:000000000000:event-bus/bus' },
      { action: 'events:PutEvents', resource: 'arn:aws:events:eu-west-2:000000000000:event-bus/default' },
    ]);
  });

  it('S3 through the SDK: an upload is s3:PutObject on its object, a listing s3:ListBucket on the bucket', () => {
    // Act / Assess
    expect(iamRequestsOf('S3', 'CreateMultipartUpload', { Bucket: 'up', Key: 'a/b.csv' }, where)).toEqual([
      { action: 's3:PutObject', resource: 'arn:aws:s3:::up/a/b.csv' },
    ]);
    expect(iamRequestsOf('S3', 'ListObjectsV2', { Bucket: 'up', Prefix: 'a/' }, where)).toEqual([
      { action: 's3:ListBucket', resource: 'arn:aws:s3:::up' },
    ]);
    expect(
      iamRequestsOf('S3', 'CopyObject', { Bucket: 'up', Key: 'b', CopySource: 'in/a%20b' }, where),
    ).toEqual([
      { action: 's3:PutObject', resource: 'arn:aws:s3:::up/b' },
      { action: 's3:GetObject', resource: 'arn:aws:s3:::in/a b' },
    ]);
  });

  it('a HEAD of an object is s3:GetObject on the object; a GET of the bucket is s3:ListBucket on the bucket', () => {
    // Act / Assess
    expect(s3RequestOf('HEAD', '/docs/ACME/a%20b.pdf')).toEqual({
      operation: 'HeadObject',
      action: 's3:GetObject',
      resource: 'arn:aws:s3:::docs/ACME/a b.pdf',
    });
    expect(s3RequestOf('GET', '/docs')).toEqual({
      operation: 'ListObjectsV2',
      action: 's3:ListBucket',
      resource: 'arn:aws:s3:::docs',
    });
  });

  it('the requests of a multipart upload are s3:PutObject on the object, but its abort', () => {
    // Act
    const requests = [
      s3RequestOf('POST', '/jobs/results/j.ndjson', '?uploads='),
      s3RequestOf('PUT', '/jobs/results/j.ndjson', '?partNumber=1&uploadId=u'),
      s3RequestOf('POST', '/jobs/results/j.ndjson', '?uploadId=u'),
      s3RequestOf('DELETE', '/jobs/results/j.ndjson', '?uploadId=u'),
      s3RequestOf('PUT', '/jobs/results/j.ndjson'),
    ];

    // Assess
    expect(requests.map(({ operation, action }) => `${operation} ${action}`)).toEqual([
      'CreateMultipartUpload s3:PutObject',
      'UploadPart s3:PutObject',
      'CompleteMultipartUpload s3:PutObject',
      'AbortMultipartUpload s3:AbortMultipartUpload',
      'PutObject s3:PutObject',
    ]);
    expect(new Set(requests.map((request) => request.resource))).toEqual(
      new Set(['arn:aws:s3:::jobs/results/j.ndjson']),
    );
  });
});

describe('a recorded resource is named by the environment variable that gave it to the function', () => {
  const env = {
    DATA_IMPORT_TABLE_NAME: 'data',
    DATA_IMPORT_BUCKET_NAME: 'docs',
    DATA_IMPORT_TASK_QUEUE_URL: 'http://127.0.0.1:4566/000000000000/tasks',
    DATA_IMPORT_STRIPE_API_URL: 'http://127.0.0.1:9999',
  };

  it('names the table, its index, an object of the bucket and the queue by their variables', () => {
    // Act / Assess
    expect(resourceReference(`${table}/index/gsi1`, env, where)).toBe('DATA_IMPORT_TABLE_NAME/index/gsi1');
    expect(resourceReference('arn:aws:s3:::docs/ACME/a.pdf', env, where)).toBe(
      'DATA_IMPORT_BUCKET_NAME/ACME/a.pdf',
    );
    expect(resourceReference('arn:aws:sqs:eu-west-2:000000000000:tasks', env, where)).toBe(
      'DATA_IMPORT_TASK_QUEUE_URL',
    );
  });

  it('keeps the ARN of a resource no variable names (the test reports it)', () => {
    // Act / Assess
    expect(resourceReference('arn:aws:sqs:eu-west-2:000000000000:other', env, where)).toBe(
      'arn:aws:sqs:eu-west-2:000000000000:other',
    );
  });
});

import { type CfnElement, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { BulkJobObjectAccess, TableAccess } from '../routes.js';
import type { ServiceFunction } from './service-function.js';

/**
 * Least-privilege grants, written out action by action: no wildcard actions anywhere
 * (`grantReadData` would give `dynamodb:*`-style families such as `GetRecords` and
 * `s3:GetObject*`). The only wildcard resources are a table's indexes and a bucket's
 * objects, which IAM cannot name one by one.
 */
export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:BatchGetItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
] as const;

export const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;

export const DOCUMENT_READ_ACTIONS = ['s3:GetObject', 's3:ListBucket'] as const;

/** `<LogicalId.Arn>`: how cdk-nag spells an attribute reference in a finding's id. */
function arnReference(element: CfnElement): string {
  return `<${Stack.of(element).getLogicalId(element)}.Arn>`;
}

export function grantTableAccess(fn: ServiceFunction, table: ITable, access: TableAccess): void {
  if (access === 'none') return;
  const actions = access === 'read' ? TABLE_READ_ACTIONS : [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS];
  fn.addToRolePolicy(
    new PolicyStatement({ actions: [...actions], resources: [table.tableArn, `${table.tableArn}/index/*`] }),
  );
  const cfnTable = table.node.defaultChild as CfnElement;
  Validations.of(fn.role!).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${arnReference(cfnTable)}/index/*]`,
    reason:
      'Queries the table’s global secondary indexes (list endpoints, operator listings); the actions are listed one by one.',
  });
}

/**
 * s3:GetObject on the objects (HeadObject checks that a document exists) and s3:ListBucket
 * on the bucket, so a missing key answers 404 rather than 403.
 */
export function grantDocumentsRead(fn: ServiceFunction, bucket: IBucket): void {
  fn.addToRolePolicy(
    new PolicyStatement({ actions: ['s3:GetObject'], resources: [bucket.arnForObjects('*')] }),
  );
  fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
  const cfnBucket = bucket.node.defaultChild as CfnElement;
  Validations.of(fn.role!).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${arnReference(cfnBucket)}/*]`,
    reason:
      'Document paths name any object under an import supplier’s root location; only s3:GetObject is allowed on them.',
  });
}

/** Where each kind of bulk job object lives in the bulk jobs bucket. */
export const BULK_JOB_PREFIXES = { inputs: 'inputs/*', results: 'results/*' } as const;

/**
 * The bulk jobs bucket, as a function's entry in infra/routes.ts lists it: each access is one
 * action on one prefix (signing a URL needs the grant of the request it signs), and reading
 * inputs adds s3:ListBucket so that a missing input answers 404, not 403.
 */
export function grantBulkJobObjects(
  fn: ServiceFunction,
  bucket: IBucket,
  access: readonly BulkJobObjectAccess[],
): void {
  const statements: Record<BulkJobObjectAccess, { action: string; prefix: keyof typeof BULK_JOB_PREFIXES }> =
    {
      'sign-uploads': { action: 's3:PutObject', prefix: 'inputs' },
      'read-inputs': { action: 's3:GetObject', prefix: 'inputs' },
      'sign-downloads': { action: 's3:GetObject', prefix: 'results' },
      'write-results': { action: 's3:PutObject', prefix: 'results' },
    };
  for (const kind of access) {
    const { action, prefix } = statements[kind];
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [action],
        resources: [bucket.arnForObjects(BULK_JOB_PREFIXES[prefix])],
      }),
    );
  }
  if (access.includes('read-inputs')) {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
  }
  const cfnBucket = bucket.node.defaultChild as CfnElement;
  for (const prefix of new Set(access.map((kind) => statements[kind].prefix))) {
    Validations.of(fn.role!).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${arnReference(cfnBucket)}/${BULK_JOB_PREFIXES[prefix]}]`,
      reason:
        prefix === 'inputs'
          ? 'Each bulk job has its own input object (inputs/<job id>.ndjson); only the listed action is allowed on them.'
          : 'Each bulk job has its own results object (results/<job id>.ndjson); only the listed action is allowed on them.',
    });
  }
}

import { type CfnElement, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { BulkJobObjectAccess, TableUse } from '../function-definition.js';
import type { ServiceFunction } from './service-function.js';

/**
 * Least-privilege grants, written out action by action from what a function's entry in
 * infra/routes.ts declares it does: no wildcard action anywhere, and none of the extra actions
 * CDK's `grant*` helpers add (`DescribeTable`, `ConditionCheckItem`, `DescribeSecret`…). The only
 * wildcard resource is the documents bucket's objects, which IAM cannot name one by one.
 * The least-privilege test (test/infra/least-privilege.recorded.test.ts) proves each grant used.
 */

/** `<LogicalId.Arn>`: how cdk-nag spells an attribute reference in a finding's id. */
function arnReference(element: CfnElement): string {
  return `<${Stack.of(element).getLogicalId(element)}.Arn>`;
}

/** The declared item actions on the table, and `Query` on each index the function queries. */
export function grantTableUse(fn: ServiceFunction, table: ITable, use: TableUse): void {
  if (use.items.length > 0) {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: use.items.map((action) => `dynamodb:${action}`),
        resources: [table.tableArn],
      }),
    );
  }
  const indexes = use.queries ?? [];
  if (indexes.length > 0) {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: indexes.map((index) => `${table.tableArn}/index/${index}`),
      }),
    );
  }
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

/** Reading a secret's value, and nothing else (`grantRead` adds `DescribeSecret`, which no function calls). */
export function grantSecretValue(secret: ISecret, grantee: IGrantable): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }),
  );
}

/** Where each kind of bulk job object lives in the bulk jobs bucket. */
export const BULK_JOB_PREFIXES = { inputs: 'inputs/*', results: 'results/*' } as const;

/**
 * The bulk jobs bucket, as a function's entry in infra/routes.ts lists it: each access is one
 * action on one prefix (signing a URL needs the grant of the request it signs); checking inputs
 * adds s3:ListBucket so that a missing input answers 404, not 403.
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
      'check-inputs': { action: 's3:GetObject', prefix: 'inputs' },
      'sign-downloads': { action: 's3:GetObject', prefix: 'results' },
      'write-results': { action: 's3:PutObject', prefix: 'results' },
    };
  // Reading and checking inputs need the same object action: one statement.
  const grants = new Set(access.map((kind) => `${statements[kind].action} ${statements[kind].prefix}`));
  for (const grant of grants) {
    const [action, prefix] = grant.split(' ') as [string, keyof typeof BULK_JOB_PREFIXES];
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [action],
        resources: [bucket.arnForObjects(BULK_JOB_PREFIXES[prefix])],
      }),
    );
  }
  if (access.includes('check-inputs')) {
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

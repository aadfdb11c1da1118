import { describe, expect, it } from 'vitest';
import type { BundleCall } from './support/least-privilege/bundle-calls.js';
import { checkLeastPrivilege, matchesPattern } from './support/least-privilege/check.js';
import type { FunctionRole } from './support/least-privilege/function-roles.js';
import { type PolicyDocument, TemplateValues } from './support/template-values.js';

/**
 * The least-privilege check on a template of its own: one table, one queue whose policy refuses
 * requests without TLS, and one function. The integration suite runs the same check on the stack.
 */
const values = new TemplateValues(
  {
    Resources: {
      Table: { Type: 'AWS::DynamoDB::Table', Properties: { TableName: 'data' } },
      Queue: { Type: 'AWS::SQS::Queue' },
      QueuePolicy: {
        Type: 'AWS::SQS::QueuePolicy',
        Properties: {
          Queues: [{ Ref: 'Queue' }],
          PolicyDocument: {
            Version: '2012-10-17',
            Statement: [
              {
                Effect: 'Deny',
                Principal: { AWS: '*' },
                Action: 'sqs:*',
                Resource: { 'Fn::GetAtt': ['Queue', 'Arn'] },
                Condition: { Bool: { 'aws:SecureTransport': 'false' } },
              },
            ],
          },
        },
      },
    },
  },
  { account: '123456789012', region: 'eu-west-2' },
);
const table = 'arn:aws:dynamodb:eu-west-2:123456789012:table/data';
const queue = 'arn:aws:sqs:eu-west-2:123456789012:Queue';

function role(statements: PolicyDocument['Statement']): FunctionRole {
  return {
    functionId: 'fn',
    roleArn: 'arn:aws:iam::123456789012:role/fn',
    policies: [{ name: 'policy', policy: { Version: '2012-10-17', Statement: statements } }],
    environment: {
      DATA_IMPORT_TABLE_NAME: 'data',
      DATA_IMPORT_TASK_QUEUE_URL: values.refOf('Queue'),
    },
    platformNeeds: [],
  };
}

const recorded = (action: string, resource: string) => ({
  functionId: 'fn',
  operation: action.split(':')[1] ?? action,
  action,
  resource,
  count: 1,
});

const check = (fn: FunctionRole, calls: ReturnType<typeof recorded>[], bundleCalls: BundleCall[] = []) =>
  checkLeastPrivilege({
    roles: [fn],
    values,
    recorded: calls,
    bundleCalls,
    bundles: new Map([['fn', 'async function signingKeys() {}']]),
  });

describe('every call a function makes must be allowed by its role', () => {
  it('a call its role allows passes; one it does not is reported denied', async () => {
    // Prepare
    const fn = role([{ Effect: 'Allow', Action: ['dynamodb:GetItem'], Resource: [table] }]);

    // Act
    const findings = await check(fn, [
      recorded('dynamodb:GetItem', 'DATA_IMPORT_TABLE_NAME'),
      recorded('dynamodb:Query', 'DATA_IMPORT_TABLE_NAME/index/gsi1'),
    ]);

    // Assess
    expect(findings.denied).toEqual([
      'fn: dynamodb:Query on dynamodb table/data/index/gsi1 (recorded: Query) is ImplicitlyDenied',
    ]);
  });

  it('a resource policy takes part: the queue allows requests over TLS, as the functions send them', async () => {
    // Prepare
    const fn = role([{ Effect: 'Allow', Action: ['sqs:SendMessage'], Resource: [queue] }]);

    // Act
    const findings = await check(fn, [recorded('sqs:SendMessage', 'DATA_IMPORT_TASK_QUEUE_URL')]);

    // Assess
    expect(findings.denied).toEqual([]);
    expect(findings.unused).toEqual([]);
  });

  it('a call to a resource no variable of the function’s environment names is reported', async () => {
    // Act
    const findings = await check(role([]), [
      recorded('dynamodb:GetItem', 'DATA_IMPORT_OTHER_TABLE_NAME'),
      recorded('dynamodb:GetItem', 'arn:aws:dynamodb:eu-west-2:000000000000:table/local'),
    ]);

    // Assess
    expect(findings.unmapped).toHaveLength(2);
  });
});

describe('every action a role allows must be used by a call of its function', () => {
  it('reports each action on each resource no call uses', async () => {
    // Prepare
    const fn = role([
      {
        Effect: 'Allow',
        Action: ['dynamodb:GetItem', 'dynamodb:DescribeTable'],
        Resource: [table, `${table}/index/*`],
      },
    ]);

    // Act
    const findings = await check(fn, [recorded('dynamodb:GetItem', 'DATA_IMPORT_TABLE_NAME')]);

    // Assess
    expect(findings.grants).toBe(4);
    expect(findings.unused).toEqual([
      'fn: dynamodb:GetItem on dynamodb table/data/index/* is allowed and no code path uses it',
      'fn: dynamodb:DescribeTable on dynamodb table/data is allowed and no code path uses it',
      'fn: dynamodb:DescribeTable on dynamodb table/data/index/* is allowed and no code path uses it',
    ]);
  });

  it('a call listed for code the function’s bundle holds uses a grant, and must be allowed', async () => {
    // Prepare
    const fn = role([{ Effect: 'Allow', Action: ['dynamodb:PutItem'], Resource: [table] }]);
    const listed: BundleCall = {
      module: 'functions/auth/signing-key.ts',
      symbol: 'signingKeys',
      action: 'dynamodb:PutItem',
      resource: 'DATA_IMPORT_TABLE_NAME',
      reason: 'a reason',
    };

    // Act
    const findings = await check(fn, [], [listed]);

    // Assess
    expect(findings.unused).toEqual([]);
    expect(findings.calls.map((call) => [call.action, call.source])).toEqual([
      ['dynamodb:PutItem', 'bundle'],
    ]);
    expect(findings.staleBundleCalls).toEqual([]);
  });

  it('a listed call whose code no longer exists is reported', async () => {
    // Act
    const findings = await check(
      role([]),
      [],
      [
        {
          module: 'functions/auth/signing-key.ts',
          symbol: 'noSuchFunction',
          action: 'dynamodb:PutItem',
          resource: 'DATA_IMPORT_TABLE_NAME',
          reason: 'a reason',
        },
      ],
    );

    // Assess
    expect(findings.staleBundleCalls).toEqual([
      'functions/auth/signing-key.ts noSuchFunction does not exist',
    ]);
  });
});

describe('IAM wildcards in a grant match as IAM matches them', () => {
  it('`*` matches any run of characters, `?` one character, nothing else is special', () => {
    // Act / Assess
    expect(matchesPattern(`${table}/index/*`, `${table}/index/gsi1`)).toBe(true);
    expect(matchesPattern(`${table}/index/gsi?`, `${table}/index/gsi1`)).toBe(true);
    expect(matchesPattern(table, `${table}/index/gsi1`)).toBe(false);
    expect(matchesPattern('arn:aws:s3:::a.b/*', 'arn:aws:s3:::aXb/key')).toBe(false);
  });
});

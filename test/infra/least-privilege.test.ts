import { describe, expect, it } from 'vitest';
import type { FunctionDefinition } from '../../infra/function-definition.js';
import { apiFunctions, backgroundFunctions } from '../../infra/routes.js';
import {
  actionsOf,
  arnOf,
  logicalIdOf,
  resourcesOf,
  type Statement,
  statementsOfFunction,
  synth,
} from './support/synth.js';

/** Actions that change the table, and the extra ones CDK's `grant*` helpers add, which no function calls. */
const TABLE_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];
/** ConditionCheckItem is not among them: a transaction's condition check needs it, where an entry declares it. */
const NEVER_CALLED = ['dynamodb:DescribeTable', 'secretsmanager:DescribeSecret'];
/** What a table stream event source needs (CDK grants them on the stream's ARN). */
const STREAM_READ_ACTIONS = [
  'dynamodb:DescribeStream',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:ListStreams',
];
/** The functions the table stream feeds, besides the publisher (below). */
const STREAM_CONSUMERS: readonly string[] = [backgroundFunctions.taskHandOver.id];

/** Each kind of bulk job object access: its one action on its one prefix of the bulk jobs bucket. */
const BULK_JOB_OBJECT_ACCESS = {
  'sign-uploads': ['s3:PutObject', 'inputs/*'],
  'check-inputs': ['s3:GetObject', 'inputs/*'],
  'read-inputs': ['s3:GetObject', 'inputs/*'],
  'sign-downloads': ['s3:GetObject', 'results/*'],
  'write-results': ['s3:PutObject', 'results/*'],
} as const;

/** The (action, resource) pairs the statements allow on resources that name `logicalId`, sorted. */
function grantsOn(statements: Statement[], logicalId: string): [string, unknown][] {
  return allowed(statements)
    .flatMap((statement) =>
      actionsOf(statement).flatMap((action) =>
        resourcesOf(statement).map((resource) => [action, resource] as [string, unknown]),
      ),
    )
    .filter(([action, resource]) => action.startsWith('s3:') && JSON.stringify(resource).includes(logicalId))
    .sort(byPair);
}

function byPair(a: readonly unknown[], b: readonly unknown[]): number {
  return JSON.stringify(a).localeCompare(JSON.stringify(b));
}

const definitions: readonly FunctionDefinition[] = [...apiFunctions, ...Object.values(backgroundFunctions)];
const allowed = (statements: Statement[]) => statements.filter((s) => s.Effect === 'Allow');
const actionsMatching = (statements: Statement[], prefix: string) =>
  allowed(statements)
    .flatMap(actionsOf)
    .filter((a) => a.startsWith(prefix));

describe('no policy grants a wildcard action', () => {
  it('lists every action of every IAM policy and role by name (no `*` anywhere in an action)', () => {
    // Prepare
    const { template } = synth('dev');

    // Act
    const documents = [
      ...Object.values(template.findResources('AWS::IAM::Policy')).map((p) => p.Properties.PolicyDocument),
      ...Object.values(template.findResources('AWS::IAM::Role')).flatMap((r) =>
        (r.Properties.Policies ?? []).map((p: { PolicyDocument: unknown }) => p.PolicyDocument),
      ),
    ] as { Statement: Statement[] }[];
    const actions = documents.flatMap((d) => allowed(d.Statement).flatMap(actionsOf));

    // Assess
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.filter((a) => a.includes('*'))).toEqual([]);
  });
});

describe('each function gets the table actions its entry declares: its item actions on the table, Query on the indexes it queries', () => {
  const { stack } = synth('dev');
  const tableArn = arnOf(logicalIdOf(stack.resources.table));
  const indexArn = (index: string) => ({ 'Fn::Join': ['', [tableArn, `/index/${index}`]] });

  it.each(
    definitions.filter((d) => d.id !== backgroundFunctions.publisher.id).map((d) => [d.id, d] as const),
  )('%s', (_, definition) => {
    // Act
    const statements = allowed(statementsOfFunction(synth('dev'), definition.id)).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('dynamodb:') && !STREAM_READ_ACTIONS.includes(a)),
    );

    // Assess
    const items = (definition.table?.items ?? []).map((action) => `dynamodb:${action}`);
    const queries = definition.table?.queries ?? [];
    expect(statements.map((s) => [actionsOf(s).sort(), resourcesOf(s)])).toEqual([
      ...(items.length > 0 ? [[[...items].sort(), [tableArn]]] : []),
      ...(queries.length > 0 ? [[['dynamodb:Query'], queries.map(indexArn)]] : []),
    ]);
    const streamActions = actionsMatching(
      statementsOfFunction(synth('dev'), definition.id),
      'dynamodb:',
    ).filter((a) => STREAM_READ_ACTIONS.includes(a));
    expect(streamActions.sort()).toEqual(
      STREAM_CONSUMERS.includes(definition.id) ? [...STREAM_READ_ACTIONS].sort() : [],
    );
  });

  it('no role allows DescribeTable or DescribeSecret, which no function calls', () => {
    // Act
    const actions = definitions.flatMap((d) =>
      allowed(statementsOfFunction(synth('dev'), d.id)).flatMap(actionsOf),
    );

    // Assess
    expect(actions.filter((a) => NEVER_CALLED.includes(a))).toEqual([]);
  });

  it('grants GET functions read-only access: no write action at all', () => {
    // Prepare
    const getFunctions = apiFunctions.filter((f) => f.route.method === 'GET');
    expect(getFunctions.length).toBeGreaterThan(0);

    for (const definition of getFunctions) {
      // Act
      const actions = allowed(statementsOfFunction(synth('dev'), definition.id)).flatMap(actionsOf);

      // Assess
      expect(actions.filter((a) => TABLE_WRITE_ACTIONS.includes(a))).toEqual([]);
      // A GET that shows an OPEN bulk job signs its upload URL, which needs the upload's own grant.
      const signsUploads =
        (definition as FunctionDefinition).bulkJobObjects?.includes('sign-uploads') ?? false;
      expect(actions.filter((a) => /^(s3:Put|s3:Delete|events:|sqs:Send)/.test(a))).toEqual(
        signsUploads ? ['s3:PutObject'] : [],
      );
    }
  });
});

describe('documents: s3:GetObject on the objects and s3:ListBucket on the bucket, only where documents are read', () => {
  it.each(definitions.map((d) => [d.id, d] as const))('%s', (_, definition) => {
    // Prepare
    const { stack } = synth('dev');
    const bucketArn = arnOf(logicalIdOf(stack.resources.documents));

    // Act
    const grants = grantsOn(
      statementsOfFunction(synth('dev'), definition.id),
      logicalIdOf(stack.resources.documents),
    );

    // Assess
    expect(grants).toEqual(
      definition.readsDocuments
        ? [
            ['s3:GetObject', { 'Fn::Join': ['', [bucketArn, '/*']] }],
            ['s3:ListBucket', bucketArn],
          ]
        : [],
    );
  });
});

describe('bulk jobs bucket: one action on one prefix per listed access (s3:ListBucket too to check inputs), nothing for the others', () => {
  it.each(definitions.map((d) => [d.id, d] as const))('%s', (_, definition) => {
    // Prepare
    const { stack } = synth('dev');
    const bucketArn = arnOf(logicalIdOf(stack.resources.bulkJobs));
    const access = definition.bulkJobObjects ?? [];

    // Act
    const grants = grantsOn(
      statementsOfFunction(synth('dev'), definition.id),
      logicalIdOf(stack.resources.bulkJobs),
    );

    // Assess
    const expected = new Map(
      access.map((kind) => {
        const [action, prefix] = BULK_JOB_OBJECT_ACCESS[kind];
        return [`${action} ${prefix}`, [action, { 'Fn::Join': ['', [bucketArn, `/${prefix}`]] }]];
      }),
    );
    expect(grants).toEqual(
      [...expected.values(), ...(access.includes('check-inputs') ? [['s3:ListBucket', bucketArn]] : [])].sort(
        byPair,
      ),
    );
  });
});

describe('the publisher may only put events on the service bus', () => {
  it('has events:PutEvents on the bus, the stream reads of its event source, sending to the dead-letter queue, and no table data', () => {
    // Prepare
    const synthesized = synth('dev');
    const { template } = synthesized;
    const [busId] = Object.keys(template.findResources('AWS::Events::EventBus'));

    // Act
    const statements = allowed(statementsOfFunction(synthesized, backgroundFunctions.publisher.id));

    // Assess
    const eventStatements = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('events:')));
    expect(eventStatements.map((s) => [actionsOf(s), s.Resource])).toEqual([
      [['events:PutEvents'], arnOf(busId!)],
    ]);
    const dynamoActions = actionsMatching(statements, 'dynamodb:');
    expect(dynamoActions.sort()).toEqual([...STREAM_READ_ACTIONS].sort());
    expect(actionsMatching(statements, 'sqs:')).toEqual(['sqs:SendMessage']);
    expect(actionsMatching(statements, 's3:')).toEqual([]);
    expect(actionsMatching(statements, 'secretsmanager:')).toEqual([]);
  });
});

describe('secrets are read only by the functions that need them', () => {
  it.each(definitions.map((d) => [d.id, d] as const))('%s', (_, definition) => {
    // Prepare
    const { stack } = synth('dev');
    const signingKey = { Ref: logicalIdOf(stack.resources.tokenSigningKey) };
    const stripeKey = { Ref: logicalIdOf(stack.resources.stripeApiKey) };

    // Act
    const statements = allowed(statementsOfFunction(synth('dev'), definition.id)).filter((s) =>
      actionsOf(s).some((a) => a.startsWith('secretsmanager:')),
    );
    const secrets = statements.flatMap(resourcesOf);

    // Assess
    expect(secrets).toEqual([
      ...(definition.readsSigningKey ? [signingKey] : []),
      ...(definition.readsVendorCredentials ? [stripeKey] : []),
    ]);
    for (const statement of statements) {
      expect(actionsOf(statement)).toEqual(['secretsmanager:GetSecretValue']);
    }
  });
});

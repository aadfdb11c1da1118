import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { REFUSALS } from '../../functions/auth/refusals.js';
import { environments } from '../../infra/config/environments.js';
import { gatewayResponses, THROTTLED_RETRY_AFTER_SECONDS } from '../../infra/constructs/gateway-responses.js';
import { PUBLISHER_BATCH_SIZE } from '../../infra/constructs/outbox-publisher.js';
import { arnOf, logicalIdOf, synth } from './support/synth.js';

describe('the table stream feeds the outbox publisher', () => {
  it('delivers batches of 10 with partial batch responses, bisection, retries and a maximum record age', () => {
    // Prepare
    const { stack, template } = synth('dev');
    const publisher = logicalIdOf(stack.publisher.function);

    // Assess
    expect(PUBLISHER_BATCH_SIZE).toBe(10);
    // Two mappings read the table's stream: the publisher's and the v2 task hand-over's (DynamoDB
    // advises at most two readers per shard); the v2 task worker's reads its queue.
    const streamMappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (mapping) => JSON.stringify(mapping.Properties.EventSourceArn).includes('StreamArn'),
    );
    expect(streamMappings).toHaveLength(2);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalIdOf(stack.resources.table), 'StreamArn'] },
      FunctionName: { Ref: publisher },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: Match.anyValue(),
      MaximumRecordAgeInSeconds: Match.anyValue(),
      StartingPosition: 'TRIM_HORIZON',
    });
  });

  it('is invoked only for INSERTs of outbox items (pk starting with OUTBOX#)', () => {
    // Prepare
    const { template } = synth('dev');

    // Act
    const [mapping] = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (candidate) => JSON.stringify(candidate.Properties.EventSourceArn).includes('StreamArn'),
    );
    const patterns = mapping!.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) =>
      JSON.parse(f.Pattern),
    );

    // Assess
    expect(patterns).toEqual([
      { eventName: ['INSERT'], dynamodb: { Keys: { pk: { S: [{ prefix: 'OUTBOX#' }] } } } },
    ]);
  });

  it('sends records that fail every retry to an encrypted, TLS-only dead-letter queue', () => {
    // Prepare
    const { stack, template } = synth('dev');
    const queue = logicalIdOf(stack.publisher.deadLetterQueue);

    // Assess
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      DestinationConfig: { OnFailure: { Destination: arnOf(queue) } },
    });
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queue }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('raises an alarm as soon as the dead-letter queue holds a visible message', () => {
    // Prepare
    const { stack, template } = synth('dev');

    // Assess
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [
        {
          Name: 'QueueName',
          Value: { 'Fn::GetAtt': [logicalIdOf(stack.publisher.deadLetterQueue), 'QueueName'] },
        },
      ],
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Threshold: 1,
    });
  });
});

describe('the API stage logs every request and is throttled per environment', () => {
  it.each(['dev', 'prod'])('%s: JSON access log to a log group, throttling from the configuration', (env) => {
    // Prepare
    const { template } = synth(env);
    const { throttling } = environments[env]!;

    // Act
    const [stage] = Object.values(template.findResources('AWS::ApiGateway::Stage'));
    const { AccessLogSetting, MethodSettings, StageName } = stage!.Properties;

    // Assess
    expect(StageName).toBe(env);
    expect(AccessLogSetting.DestinationArn).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Arn'] });
    expect(JSON.parse(AccessLogSetting.Format)).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
      resourcePath: '$context.resourcePath',
    });
    expect(MethodSettings).toContainEqual(
      expect.objectContaining({
        HttpMethod: '*',
        ResourcePath: '/*',
        ThrottlingRateLimit: throttling.rateLimit,
        ThrottlingBurstLimit: throttling.burstLimit,
        LoggingLevel: 'ERROR',
        DataTraceEnabled: false,
      }),
    );
  });

  it('leaves request validation to the functions (no API Gateway request validator)', () => {
    // Assess
    synth('dev').template.resourceCountIs('AWS::ApiGateway::RequestValidator', 0);
  });
});

describe('API Gateway’s own answers use the service’s error shape', () => {
  it('answers a missing Authorization header with 401 not_authenticated, saying how to send one', () => {
    // Assess
    synth('dev').template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'UNAUTHORIZED',
      StatusCode: '401',
      ResponseTemplates: {
        'application/json': JSON.stringify({
          detail: REFUSALS.missing_header.detail,
          code: 'not_authenticated',
        }),
      },
    });
  });

  it('answers an authorizer Deny with 401 and the code and detail the authorizer put in its context', () => {
    // Prepare
    const { template } = synth('dev');

    // Act
    const [denied] = Object.values(
      template.findResources('AWS::ApiGateway::GatewayResponse', {
        Properties: { ResponseType: 'ACCESS_DENIED' },
      }),
    );
    const body = JSON.parse(denied!.Properties.ResponseTemplates['application/json']);

    // Assess
    expect(denied!.Properties.StatusCode).toBe('401');
    expect(body).toEqual({ detail: '$context.authorizer.detail', code: '$context.authorizer.code' });
  });

  it('gives every gateway response a JSON body with detail and code', () => {
    // Prepare
    const { template } = synth('dev');

    // Act
    const responses = Object.values(template.findResources('AWS::ApiGateway::GatewayResponse'));

    // Assess
    expect(responses.map((r) => r.Properties.ResponseType).sort()).toEqual(
      gatewayResponses.map((r) => r.type.responseType).sort(),
    );
    expect(responses.map((r) => r.Properties.ResponseType)).toEqual(
      expect.arrayContaining(['DEFAULT_4XX', 'DEFAULT_5XX']),
    );
    for (const { Properties: response } of responses) {
      // $context.error.messageString is already a JSON string: substitute one to parse the template.
      const body = response.ResponseTemplates['application/json'].replace(
        '$context.error.messageString',
        '"x"',
      );
      expect(JSON.parse(body)).toEqual({ detail: expect.any(String), code: expect.any(String) });
    }
  });
});

describe('API Gateway’s own answers for unknown routes, authorizer failures, throttling and large bodies', () => {
  const responseOf = (type: string) => {
    const [response] = Object.values(
      synth('dev').template.findResources('AWS::ApiGateway::GatewayResponse', {
        Properties: { ResponseType: type },
      }),
    );
    if (!response) throw new Error(`No gateway response ${type}`);
    const properties = response.Properties as {
      StatusCode?: string;
      ResponseParameters?: Record<string, string>;
      ResponseTemplates: Record<string, string>;
    };
    // $context.error.messageString is already a JSON string: substitute one to parse the template.
    const template = properties.ResponseTemplates['application/json']!.replace(
      '$context.error.messageString',
      '"x"',
    );
    return { ...properties, body: JSON.parse(template) };
  };

  it.each([
    ['MISSING_AUTHENTICATION_TOKEN', '404', 'not_found', 'an undefined path or method'],
    ['AUTHORIZER_FAILURE', '500', 'internal_error', 'an authorizer that throws'],
    ['AUTHORIZER_CONFIGURATION_ERROR', '500', 'internal_error', 'an authorizer that cannot be invoked'],
    ['THROTTLED', '429', 'throttled', 'throttling'],
    ['REQUEST_TOO_LARGE', '413', 'payload_too_large', 'a body over the 6 MB Lambda limit'],
  ])('answers %s with %s {"detail", "code": "%s"} (%s)', (type, status, code) => {
    // Act
    const response = responseOf(type);
    // Assess
    expect(response.StatusCode).toBe(status);
    expect(response.body).toEqual({ detail: expect.any(String), code });
  });

  it('tells a throttled client when to retry: Retry-After on the 429', () => {
    // Act
    const response = responseOf('THROTTLED');
    // Assess
    expect(response.ResponseParameters).toEqual({
      'gatewayresponse.header.Retry-After': `'${THROTTLED_RETRY_AFTER_SECONDS}'`,
    });
    expect(THROTTLED_RETRY_AFTER_SECONDS).toBeGreaterThan(0);
  });

  it('lists, for the local server, the same status, code and headers it deploys', () => {
    // Act
    const deployed = gatewayResponses.map((spec) => {
      const response = responseOf(spec.type.responseType);
      return { status: response.StatusCode, code: response.body.code, headers: response.ResponseParameters };
    });
    // Assess
    expect(deployed).toEqual(
      gatewayResponses.map((spec) => ({
        status: spec.statusCode,
        code: spec.code,
        headers: spec.headers
          ? Object.fromEntries(
              Object.entries(spec.headers).map(([n, v]) => [`gatewayresponse.header.${n}`, `'${v}'`]),
            )
          : undefined,
      })),
    );
  });
});

describe('outputs', () => {
  it('exports ApiUrl, TableName, BucketName and EventBusName', () => {
    // Prepare
    const outputs = synth('dev').template.findOutputs('*');

    // Assess
    expect(Object.keys(outputs)).toEqual(
      expect.arrayContaining(['ApiUrl', 'TableName', 'BucketName', 'EventBusName']),
    );
  });
});

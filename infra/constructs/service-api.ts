import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  AccessLogField,
  AccessLogFormat,
  ApiKeySourceType,
  AuthorizationType,
  EndpointType,
  IdentitySource,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  RestApi,
  TokenAuthorizer,
  type UsagePlan,
} from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { EnvironmentConfig } from '../config/environments.js';
import type { FunctionDefinition } from '../function-definition.js';
import { addDocumentRoutes } from './document-routes.js';
import { addGatewayResponses } from './gateway-responses.js';

/** How long API Gateway caches an authorizer decision per token. */
export const AUTHORIZER_CACHE_TTL = Duration.seconds(300);

export interface RoutedFunction {
  readonly definition: FunctionDefinition & { route: NonNullable<FunctionDefinition['route']> };
  readonly function: IFunction;
}

/** One JSON object per request; never the Authorization header or bodies. */
const accessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: AccessLogField.contextRequestId(),
    extendedRequestId: AccessLogField.contextExtendedRequestId(),
    requestTime: AccessLogField.contextRequestTime(),
    ip: AccessLogField.contextIdentitySourceIp(),
    userAgent: AccessLogField.contextIdentityUserAgent(),
    httpMethod: AccessLogField.contextHttpMethod(),
    resourcePath: AccessLogField.contextResourcePath(),
    path: AccessLogField.contextPath(),
    status: AccessLogField.contextStatus(),
    responseLength: AccessLogField.contextResponseLength(),
    responseLatency: AccessLogField.contextResponseLatency(),
    integrationLatency: AccessLogField.contextIntegrationLatency(),
    integrationStatus: AccessLogField.contextIntegrationStatus(),
    errorMessage: AccessLogField.contextErrorMessage(),
    authorizerError: AccessLogField.contextAuthorizerError(),
    organisation: AccessLogField.contextAuthorizer('organisation'),
  }),
);

/**
 * The REST API (API Gateway v1): one resource per route path (a trailing slash reaches the
 * same resource), a Lambda proxy integration per route, the token authorizer on every
 * route marked `authorized`, JSON gateway responses, access logging and stage throttling.
 * Each organisation also has its own rate and burst: authorized methods require an API key,
 * which the authorizer supplies (`usageIdentifierKey`, one key per organisation) and which
 * belongs to the environment's usage plan (`organisationUsagePlan`); operators associate an
 * organisation's key with the plan through the operator CLI.
 * Request validation is left to the functions, which answer with the service's own
 * error bodies.
 */
export class ServiceApi extends Construct {
  readonly api: RestApi;
  readonly authorizer: TokenAuthorizer;
  readonly accessLogs: LogGroup;
  /** The usage plan every organisation's API key is associated with. */
  readonly organisationUsagePlan: UsagePlan;

  constructor(
    scope: Construct,
    id: string,
    props: { config: EnvironmentConfig; authorizer: IFunction; routes: readonly RoutedFunction[] },
  ) {
    super(scope, id);
    const { config } = props;
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    this.accessLogs = accessLogs;

    this.api = new RestApi(this, 'Api', {
      restApiName: `data-import-${config.name}`,
      description:
        'Data-import service: account, note, transaction, statement and payment-instruction imports',
      endpointTypes: [EndpointType.REGIONAL],
      // The authorizer returns the organisation's API key: callers never send one.
      apiKeySourceType: ApiKeySourceType.AUTHORIZER,
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName: config.name,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        accessLogFormat,
        throttlingRateLimit: config.throttling.rateLimit,
        throttlingBurstLimit: config.throttling.burstLimit,
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        metricsEnabled: true,
        tracingEnabled: true,
      },
    });
    addGatewayResponses(this.api);
    this.organisationUsagePlan = this.api.addUsagePlan('OrganisationUsagePlan', {
      name: `data-import-${config.name}-organisations`,
      description: 'Each organisation’s request rate and burst: one API key per organisation (operator CLI).',
      throttle: { rateLimit: config.organisationRateLimit, burstLimit: config.organisationBurstLimit },
      apiStages: [{ api: this.api, stage: this.api.deploymentStage }],
    });

    this.authorizer = new TokenAuthorizer(this, 'TokenAuthorizer', {
      handler: props.authorizer,
      identitySource: IdentitySource.header('Authorization'),
      resultsCacheTtl: AUTHORIZER_CACHE_TTL,
    });

    for (const { definition, function: fn } of props.routes) {
      const { method, path, authorized } = definition.route;
      const resource = this.api.root.resourceForPath(path);
      const apiMethod = resource.addMethod(
        method,
        new LambdaIntegration(fn, { proxy: true }),
        authorized
          ? { authorizer: this.authorizer, authorizationType: AuthorizationType.CUSTOM, apiKeyRequired: true }
          : { authorizationType: AuthorizationType.NONE },
      );
      if (!authorized) {
        for (const rule of ['AwsSolutions-APIG4', 'AwsSolutions-COG4']) {
          Validations.of(apiMethod).acknowledge({
            id: rule,
            reason:
              'The token mutation is how callers obtain a token: it authenticates the API key in its body.',
          });
        }
      }
    }
    addDocumentRoutes(this.api);
    this.acknowledgeFindings();
  }

  private acknowledgeFindings(): void {
    Validations.of(this.api).acknowledge(
      {
        id: 'AwsSolutions-APIG2',
        reason:
          'Each function validates its request against the endpoint’s JSON Schema (ajv, compiled ahead of time) and ' +
          'answers with the error body the specification prescribes; an API Gateway validator would answer differently.',
      },
      {
        id: 'AwsSolutions-COG4',
        reason:
          'Callers are machine clients (the migration ETL) that exchange an API key for a JWT; the Lambda TOKEN ' +
          'authorizer verifies it. There are no Cognito user pools.',
      },
      {
        id: 'AwsSolutions-APIG3',
        reason:
          'Every route except the token mutation requires a signed token, the stage is throttled, and bodies are ' +
          'validated by the functions. A WAF web ACL can be associated with the stage per environment by operators.',
      },
    );
    const cloudWatchRole = this.api.node.tryFindChild('CloudWatchRole');
    if (cloudWatchRole) {
      Validations.of(cloudWatchRole).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason:
          'API Gateway’s account-level role for execution logs; AWS maintains this policy for exactly this purpose.',
      });
    }
  }
}

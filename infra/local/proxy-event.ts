import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';

/**
 * Builds what API Gateway (REST, Lambda proxy integration, payload format 1.0) hands a
 * handler: the proxy event and a Lambda context object.
 */
export const LOCAL = { accountId: '000000000000', apiId: 'local', stage: 'local' } as const;

export interface ProxyEventInput {
  request: IncomingMessage;
  path: string;
  query: string;
  resource: string;
  pathParameters: Record<string, string>;
  body: string | null;
  authorizer: Record<string, string> | null;
  domainName: string;
}

function headerMaps(request: IncomingMessage) {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  const raw = request.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index] as string;
    const value = raw[index + 1] as string;
    headers[name] = value;
    multiValueHeaders[name] = [...(multiValueHeaders[name] ?? []), value];
  }
  return { headers, multiValueHeaders };
}

function queryMaps(query: string) {
  if (query === '') return { single: null, multi: null };
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    single[name] = value;
    multi[name] = [...(multi[name] ?? []), value];
  }
  return { single, multi };
}

export function methodArn(method: string, resourcePath: string): string {
  return `arn:aws:execute-api:${process.env.AWS_REGION ?? 'eu-west-2'}:${LOCAL.accountId}:${LOCAL.apiId}/${LOCAL.stage}/${method}${resourcePath}`;
}

export function proxyEvent(input: ProxyEventInput): APIGatewayProxyEvent {
  const { headers, multiValueHeaders } = headerMaps(input.request);
  const query = queryMaps(input.query);
  const method = input.request.method ?? 'GET';
  const now = new Date();
  const requestId = randomUUID();
  return {
    resource: input.resource,
    path: input.path,
    httpMethod: method,
    headers,
    multiValueHeaders,
    queryStringParameters: query.single,
    multiValueQueryStringParameters: query.multi,
    pathParameters: Object.keys(input.pathParameters).length > 0 ? input.pathParameters : null,
    stageVariables: null,
    requestContext: {
      accountId: LOCAL.accountId,
      apiId: LOCAL.apiId,
      authorizer: input.authorizer,
      domainName: input.domainName,
      domainPrefix: input.domainName.split('.')[0] ?? input.domainName,
      extendedRequestId: requestId,
      httpMethod: method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: input.request.socket.remoteAddress ?? '127.0.0.1',
        user: null,
        userAgent: input.request.headers['user-agent'] ?? null,
        userArn: null,
      },
      path: `/${LOCAL.stage}${input.path}`,
      protocol: `HTTP/${input.request.httpVersion}`,
      requestId,
      requestTime: now.toUTCString(),
      requestTimeEpoch: now.getTime(),
      resourceId: 'local',
      resourcePath: input.resource,
      stage: LOCAL.stage,
    },
    body: input.body,
    isBase64Encoded: false,
  };
}

export function lambdaContext(functionName: string, timeoutMs = 29_000): Context {
  const deadline = Date.now() + timeoutMs;
  const region = process.env.AWS_REGION ?? 'eu-west-2';
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:${LOCAL.accountId}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${functionName}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

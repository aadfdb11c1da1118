import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayAuthorizerResult, APIGatewayProxyResult } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext, methodArn, proxyEvent } from '../../infra/local/proxy-event.js';
import { accountPayload, paths, stage } from '../accounts/support/accounts.js';
import { obtainToken } from '../support/auth.js';
import { definitionOf } from './support/synthesize-bundles.js';

/**
 * The functions as they are deployed: bundled by the team's construct (the CDK's NodejsFunction
 * with the construct's esbuild options, no Docker), then each bundle run by a fresh Node
 * process, as Lambda's Node runtime runs it, with the events API Gateway (REST) delivers:
 * path parameters still percent-encoded, the authorizer's context as strings. They work
 * against the local stand-ins the test run started.
 */
const UNDER_TEST = ['authorizer', 'stage-account', 'get-account-transfer-status'] as const;
type FunctionId = (typeof UNDER_TEST)[number];
const SYNTHESIZE = path.join(import.meta.dirname, 'support', 'synthesize-bundles.ts');

/** Bundles the functions with the team's construct, in a process of its own. */
async function synthesizeBundles(outdir: string): Promise<Record<FunctionId, string>> {
  const child = spawn(process.execPath, ['--import', 'tsx', SYNTHESIZE, outdir, ...UNDER_TEST], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`synthesis failed:\n${stderr}`);
  return JSON.parse(stdout) as Record<FunctionId, string>;
}

/** Runs a bundle's handler once in a fresh Node process, with the stand-ins' environment. */
async function invokeBundle<T>(bundle: string, event: unknown, functionName: string): Promise<T> {
  const script = `
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const { handler } = await import(${JSON.stringify(pathToFileURL(bundle).href)});
    const context = JSON.parse(process.env.BUNDLE_CONTEXT);
    context.getRemainingTimeInMillis = () => 10000;
    process.stdout.write(JSON.stringify(await handler(JSON.parse(Buffer.concat(chunks).toString()), context)));
  `;
  const context = lambdaContext(functionName);
  const child = spawn(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], {
    cwd: tmpdir(),
    env: {
      PATH: process.env.PATH,
      AWS_REGION: process.env.AWS_REGION,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY,
      AWS_ENDPOINT_URL_DYNAMODB: process.env.AWS_ENDPOINT_URL_DYNAMODB,
      DATA_IMPORT_TABLE_NAME: process.env.DATA_IMPORT_TABLE_NAME,
      DATA_IMPORT_SUPPLIER_CACHE_SECONDS: '0',
      DATA_IMPORT_TOKEN_SIGNING_KEY: process.env.DATA_IMPORT_TOKEN_SIGNING_KEY,
      POWERTOOLS_LOG_LEVEL: 'ERROR',
      BUNDLE_CONTEXT: JSON.stringify({ ...context, getRemainingTimeInMillis: undefined }),
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin.end(JSON.stringify(event));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`${functionName} failed:\n${stderr}`);
  return JSON.parse(stdout) as T;
}

describe('The deployed bundles answer the events API Gateway delivers', () => {
  let outdir: string;
  let bundles: Record<FunctionId, string>;
  let token: string;

  beforeAll(async () => {
    outdir = mkdtempSync(path.join(tmpdir(), 'data-import-deployed-'));
    bundles = await synthesizeBundles(outdir);
    token = await obtainToken();
  }, 300_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  /** The authorizer bundle's answer for the token, as API Gateway asks it (TOKEN authorizer). */
  function authorize(method: string, requestPath: string): Promise<APIGatewayAuthorizerResult> {
    return invokeBundle<APIGatewayAuthorizerResult>(
      bundles.authorizer,
      {
        type: 'TOKEN',
        authorizationToken: `Token ${token}`,
        methodArn: methodArn(method, requestPath, 'dev'),
      },
      'authorizer',
    );
  }

  /** A proxy event as API Gateway builds it after the authorizer allowed the request. */
  async function gatewayEvent(method: 'GET' | 'POST', resource: string, requestPath: string, body?: unknown) {
    const allowed = await authorize(method, requestPath);
    return proxyEvent({
      method,
      resource,
      path: requestPath,
      headers: [
        ['Host', 'abc123.execute-api.eu-west-2.amazonaws.com'],
        ['Content-Type', 'application/json'],
        ['Authorization', `Token ${token}`],
      ],
      body: body === undefined ? null : JSON.stringify(body),
      authorizer: { principalId: allowed.principalId, context: allowed.context as Record<string, string> },
      stage: 'dev',
    });
  }

  const statusResource = definitionOf('get-account-transfer-status').route?.path as string;
  const stageResource = definitionOf('stage-account').route?.path as string;

  it('the authorizer allows a valid token and passes organisation and suppliers as strings', async () => {
    // Act
    const result = await authorize('GET', '/v1/data-import/account-transfer-status/ACME/1/');

    // Assess
    expect(result.policyDocument.Statement[0]).toMatchObject({ Effect: 'Allow' });
    expect(result.context).toEqual({ organisation: expect.any(String), suppliers: expect.any(String) });
    expect(String(result.context?.suppliers).split(',')).toContain('ACME');
  });

  it('endpoint 5 answers 200 for an account number holding a space, +, & and :, staged through the API', async () => {
    // Prepare
    const external = `AB 12+3&x:y ${Date.now()}`;
    const staged = await stage(token, accountPayload({ external_account_number: external }));
    expect(staged.status).toBe(201);
    const requestPath = paths.status('ACME', external);
    expect(requestPath).toContain('AB%2012%2B3%26x%3Ay');

    // Act
    const result = await invokeBundle<APIGatewayProxyResult>(
      bundles['get-account-transfer-status'],
      await gatewayEvent('GET', statusResource, requestPath),
      'get-account-transfer-status',
    );

    // Assess
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ status: 'UNKNOWN', service_account_number: '' });
  });

  it('endpoint 5 answers 400 invalid_encoding for a malformed escape in the path, never a 5xx', async () => {
    // Act
    const result = await invokeBundle<APIGatewayProxyResult>(
      bundles['get-account-transfer-status'],
      await gatewayEvent('GET', statusResource, '/v1/data-import/account-transfer-status/ACME/AB%E0%A4%A/'),
      'get-account-transfer-status',
    );

    // Assess
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body)).toMatchObject({
      code: 'invalid_request',
      errors: [{ attr: 'external_account_number', code: 'invalid_encoding', detail: expect.any(String) }],
    });
  });

  it('stage-account (a POST) stages an account whose status endpoint 5 then reports', async () => {
    // Prepare
    const external = `CD 45+6&z:w ${Date.now()}`;
    const payload = accountPayload({ external_account_number: external });

    // Act
    const staged = await invokeBundle<APIGatewayProxyResult>(
      bundles['stage-account'],
      await gatewayEvent('POST', stageResource, paths.stage, payload),
      'stage-account',
    );
    const status = await invokeBundle<APIGatewayProxyResult>(
      bundles['get-account-transfer-status'],
      await gatewayEvent('GET', statusResource, paths.status('ACME', external)),
      'get-account-transfer-status',
    );

    // Assess
    expect(staged.statusCode).toBe(201);
    expect(JSON.parse(staged.body)).toEqual({ import_supplier: 'ACME', external_account_number: external });
    expect(status.statusCode).toBe(200);
    expect(JSON.parse(status.body).status).toBe('UNKNOWN');
  });
});

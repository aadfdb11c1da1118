import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { S3Client } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { currentInvocation } from '../../../infra/local/invocation-context.js';
import { LOCAL } from '../../../infra/local/proxy-event.js';
import {
  type IamRequest,
  iamRequestsOf,
  resourceReference,
  s3RequestOf,
  type Where,
} from './iam-requests.js';
import { RECORDINGS_DIR, type RecordedCall, type Recording } from './recording.js';

/**
 * Records every AWS call a function makes, locally: while the integration tests run, each
 * process (the local runtime's, every test worker) writes what its functions called to
 * `.local/aws-calls/<process>.json`, which the least-privilege test
 * (test/infra/least-privilege.recorded.test.ts) evaluates against the synthesized roles.
 *
 * A call belongs to the function whose invocation it runs in (infra/local/invocation-context.ts);
 * calls outside any invocation (the runtime's pollers, a test's own setup) are not a function's.
 * SDK calls are seen at the clients' shared `send`; the one S3 call, a signed `fetch`, at `fetch`.
 * Each call is stored as what IAM authorizes (./iam-requests.ts), its resource named by the
 * environment variable that gave the function the resource (`DATA_IMPORT_TABLE_NAME/index/gsi1`),
 * which the test resolves through the function's environment in the template.
 */

const where = (): Where => ({ region: process.env.AWS_REGION ?? 'eu-west-2', account: LOCAL.accountId });

/** An object key says nothing about the grant beyond its bucket: one key per function and bucket is kept. */
const dedupeKeyOf = (call: Omit<RecordedCall, 'count'>) =>
  [
    call.functionId,
    call.operation,
    call.action,
    call.action.startsWith('s3:') ? call.resource.split('/')[0] : call.resource,
  ].join(' ');

export interface Recorder {
  /** Writes what was recorded; `testFile` adds a test file this process ran. */
  flush(testFile?: string): void;
}

let installed: Recorder | undefined;

/** Starts recording in this process (once); `name` names its file. */
export function recordAwsCalls(name: string): Recorder {
  if (installed) return installed;
  const calls = new Map<string, RecordedCall>();
  const testFiles = new Set<string>();
  // One file per instance of this module: an isolated test file loads its own, and threads share a pid.
  const file = path.resolve(RECORDINGS_DIR, `${name}-${process.pid}-${threadId}-${randomUUID()}.json`);
  let dirty = false;

  const flush = (testFile?: string) => {
    if (testFile) testFiles.add(testFile);
    const recording: Recording = { testFiles: [...testFiles].sort(), calls: [...calls.values()] };
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(recording, null, 1)}\n`);
    dirty = false;
  };

  const record = (operation: string, requests: IamRequest[]) => {
    const invocation = currentInvocation();
    if (!invocation) return;
    let added = false;
    for (const request of requests) {
      const call = {
        functionId: invocation.functionId,
        operation,
        action: request.action,
        resource: resourceReference(request.resource, process.env, where()),
      };
      const key = dedupeKeyOf(call);
      const known = calls.get(key);
      if (known) known.count += 1;
      else {
        calls.set(key, { ...call, count: 1 });
        added = true;
      }
    }
    // A new call is on disk at once (the test reads the files while this process still runs);
    // the counts follow within a second.
    if (added) flush();
    else dirty = true;
  };

  // Every SDK client extends one base class: its `send` sees every command of every client.
  const bases = new Set(
    [
      DynamoDBClient,
      DynamoDBDocumentClient,
      SQSClient,
      SecretsManagerClient,
      EventBridgeClient,
      S3Client,
    ].map((client) => Object.getPrototypeOf(client.prototype) as { send: (...args: unknown[]) => unknown }),
  );
  for (const base of bases) {
    const send = base.send;
    base.send = function recordedSend(this: { config: { serviceId: string } }, ...args: unknown[]) {
      const command = args[0] as { input: Record<string, unknown>; clientCommand?: object };
      const operation = (command.clientCommand ?? command).constructor.name.replace(/Command$/, '');
      record(operation, iamRequestsOf(this.config.serviceId, operation, command.input ?? {}, where()));
      return send.apply(this, args);
    };
  }

  // The documents and bulk job objects adapters sign their S3 requests themselves and send them with `fetch`.
  const fetchOriginal = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const endpoint = process.env.AWS_ENDPOINT_URL_S3;
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (endpoint && url.origin === new URL(endpoint).origin) {
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const { operation, ...request } = s3RequestOf(method, url.pathname, url.search);
      record(operation, [request]);
    }
    return fetchOriginal(input, init);
  };

  setInterval(() => {
    if (dirty) flush();
  }, 1000).unref();
  installed = { flush };
  return installed;
}

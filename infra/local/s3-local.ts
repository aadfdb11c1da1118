import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';
import { presignedRequestCheck } from './s3-presigned-check.js';

/** The access key (and secret) the local runtime hands its functions. */
const LOCAL_ACCESS_KEY = 'local';

/**
 * A local S3 (s3rver) with the documents bucket (and any `otherBuckets`) already created. Clients must use
 * `forcePathStyle: true` and `requestChecksumCalculation: "WHEN_REQUIRED"`.
 * Without a data directory, objects live in a temporary directory removed at stop.
 */
export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * s3rver only knows the access key `S3RVER` and answers InvalidAccessKeyId to any other; it
 * does not verify SigV4 signatures. Register the credentials the runtime hands out (`local`).
 */
function acceptAccessKey(accessKeyId: string): void {
  const account = createRequire(import.meta.url)('s3rver/lib/models/account.js') as {
    DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
  };
  account.DUMMY_ACCOUNT.createKeyPair(accessKeyId, accessKeyId);
}

/**
 * s3rver keeps each key segment as a directory name, so a segment longer than the file
 * system allows (255 bytes) makes a read fail with ENAMETOOLONG, which s3rver answers 500.
 * S3 keys may be 1024 bytes in any shape, and such an object cannot exist here: answer as S3
 * does for a missing key (404), so the service under test sees what it would see in AWS.
 */
function answerLongKeysAsMissing(server: S3rver): void {
  const store = (server as unknown as { store: Record<string, (...args: unknown[]) => Promise<unknown>> })
    .store;
  const missing: Record<string, unknown> = { getObject: null, existsObject: false };
  for (const [method, notFound] of Object.entries(missing)) {
    const original = store[method]?.bind(store);
    if (!original) continue;
    store[method] = async (...args: unknown[]) => {
      try {
        return await original(...args);
      } catch (error) {
        if ((error as { code?: string }).code === 'ENAMETOOLONG') return notFound;
        throw error;
      }
    };
  }
}

/**
 * S3 answers a GET or HEAD whose `If-Match` names another ETag (or an object that is gone) with
 * 412 PreconditionFailed (a missing object stays 404); s3rver ignores `If-Match`. The bulk jobs' reads of a job's input are
 * conditioned on the ETag recorded at the job's start, so a file uploaded again after the start
 * cannot reach the workers: answer as S3 does.
 */
function answerIfMatch(): void {
  const require = createRequire(import.meta.url);
  const objects = require('s3rver/lib/controllers/object.js') as Record<
    string,
    (ctx: S3rverContext) => Promise<void>
  >;
  const S3Error = require('s3rver/lib/models/error.js') as new (
    code: string,
    message: string,
    detail?: Record<string, string>,
  ) => Error;
  const original = objects.getObject;
  if (!original || (original as { ifMatch?: boolean }).ifMatch) return;
  const getObject = async (ctx: S3rverContext) => {
    const expected = ctx.headers['if-match'];
    if (expected !== undefined) {
      const object = await ctx.store.getObject(ctx.params.bucket, ctx.params.key, { start: 0, end: 0 });
      // A missing object is S3's 404 NoSuchKey, whatever the condition.
      if (!object) return original(ctx);
      object.content?.destroy();
      const etag = object.metadata.etag;
      const matches = expected
        .split(',')
        .map((value) => value.trim())
        .some((value) => value === '*' || value === etag);
      if (!matches) {
        throw new S3Error(
          'PreconditionFailed',
          'At least one of the pre-conditions you specified did not hold',
          {
            Condition: 'If-Match',
          },
        );
      }
    }
    return original(ctx);
  };
  objects.getObject = Object.assign(getObject, { ifMatch: true });
}

/** What s3rver hands its object controllers (the parts used here). */
interface S3rverContext {
  headers: Record<string, string | undefined>;
  params: { bucket: string; key: string };
  store: {
    getObject(
      bucket: string,
      key: string,
      options: { start: number; end: number },
    ): Promise<{ metadata: Record<string, string>; content?: { destroy(): void } } | null>;
  };
}

/**
 * Presigned URLs are checked as S3 checks them (./s3-presigned-check.ts), just before s3rver's
 * routes (after its logging and XML error answers). The local credentials' secret is their id.
 */
function checkPresignedRequests(server: S3rver): void {
  const middleware = (server as unknown as { middleware: unknown[] }).middleware;
  middleware.splice(
    middleware.length - 1,
    0,
    presignedRequestCheck((accessKeyId) => (accessKeyId === LOCAL_ACCESS_KEY ? LOCAL_ACCESS_KEY : undefined)),
  );
}

export async function startS3Local(options: {
  port: number;
  bucket: string;
  otherBuckets?: readonly string[];
  dataDir?: string;
}): Promise<S3Local> {
  const temporary = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'data-import-s3-'));
  const directory = temporary ?? resolve(options.dataDir as string, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [options.bucket, ...(options.otherBuckets ?? [])].map((name) => ({ name })),
  });
  acceptAccessKey(LOCAL_ACCESS_KEY);
  answerLongKeysAsMissing(server);
  answerIfMatch();
  checkPresignedRequests(server);
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    stop: async () => {
      await server.close().catch(() => undefined);
      if (temporary) rmSync(temporary, { recursive: true, force: true });
    },
  };
}

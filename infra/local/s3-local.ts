import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';

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
  acceptAccessKey('local');
  answerLongKeysAsMissing(server);
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    stop: async () => {
      await server.close().catch(() => undefined);
      if (temporary) rmSync(temporary, { recursive: true, force: true });
    },
  };
}

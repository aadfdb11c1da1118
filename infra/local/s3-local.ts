import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';

/**
 * A local S3 (s3rver) with the documents bucket already created. Clients must use
 * `forcePathStyle: true` and `requestChecksumCalculation: "WHEN_REQUIRED"` (design.md §4).
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

export async function startS3Local(options: {
  port: number;
  bucket: string;
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
    configureBuckets: [{ name: options.bucket }],
  });
  acceptAccessKey('local');
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    stop: async () => {
      await server.close().catch(() => undefined);
      if (temporary) rmSync(temporary, { recursive: true, force: true });
    },
  };
}

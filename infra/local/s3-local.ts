import { mkdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import { startFauxqs } from './fauxqs.js';
import type { S3Refusal } from './s3-error.js';
import { startS3Front } from './s3-front.js';
import { presignedRequestCheck } from './s3-presigned-check.js';

/** The access key (and secret) the local runtime hands its functions. */
const LOCAL_ACCESS_KEY = 'local';
/** fauxqs's own bucket where the front assembles PUTs too large for one fauxqs request. */
const STAGING_BUCKET = 'local-s3-front-staging';

/**
 * The local S3: fauxqs's S3 (in this process) with the documents bucket (and any `otherBuckets`)
 * already created, behind a front on loopback (./s3-front.ts) that adds what S3 does and fauxqs
 * does not. Clients must use `forcePathStyle: true`. With a data directory, fauxqs keeps buckets and
 * objects in `DIR/s3` (SQLite, written through at each change), so a restart finds them; without
 * one, they live in memory until stop.
 */
export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

const secretOf = (accessKeyId: string) => (accessKeyId === LOCAL_ACCESS_KEY ? LOCAL_ACCESS_KEY : undefined);

/**
 * Who may ask, as S3 decides it for a private bucket: a request signed in its `Authorization`
 * header must name a known access key (else 403 InvalidAccessKeyId); one signed in its query (a
 * presigned URL) is checked whole (./s3-presigned-check.ts); an unsigned one is 403 AccessDenied.
 * The signature of a header-signed request is not recomputed (only the functions and tests send
 * those, through the SDK's signer).
 */
const checkPresigned = presignedRequestCheck(secretOf);
async function whoMayAsk(request: IncomingMessage): Promise<S3Refusal | undefined> {
  const url = request.url ?? '/';
  const [path = '/', search = ''] = url.split(/\?(.*)/s);
  const query = Object.fromEntries(new URLSearchParams(search));
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const accessKeyId = /Credential=([^/,\s]+)\//.exec(authorization)?.[1] ?? '';
    if (secretOf(accessKeyId) !== undefined) return undefined;
    return {
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  }
  if (query['X-Amz-Signature'] === undefined) {
    return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
  }
  return checkPresigned({
    method: request.method ?? 'GET',
    path,
    query,
    headers: request.headers,
    host: request.headers.host ?? '',
    protocol: 'http',
  });
}

export async function startS3Local(options: {
  port: number;
  bucket: string;
  otherBuckets?: readonly string[];
  dataDir?: string;
}): Promise<S3Local> {
  const directory = options.dataDir ? resolve(options.dataDir, 's3') : undefined;
  if (directory) mkdirSync(directory, { recursive: true });
  // fauxqs listens on a port of its own (all interfaces: it takes no address); clients reach it
  // only through the front, which listens on loopback.
  const fauxqs = await startFauxqs({ port: 0, logger: false, ...(directory ? { dataDir: directory } : {}) });
  try {
    for (const name of [options.bucket, ...(options.otherBuckets ?? []), STAGING_BUCKET])
      fauxqs.createBucket(name);
    const front = await startS3Front({
      port: options.port,
      upstreamPort: fauxqs.port,
      checks: [whoMayAsk],
      stagingBucket: STAGING_BUCKET,
    });
    return {
      endpoint: `http://127.0.0.1:${front.port}`,
      stop: async () => {
        await front.stop();
        await fauxqs.stop();
      },
    };
  } catch (error) {
    await fauxqs.stop();
    throw error;
  }
}

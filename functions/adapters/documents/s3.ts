import { setTimeout as sleep } from 'node:timers/promises';
import { requireEnv } from '../../config.js';
import { isTransientStatus } from '../../rules/retry-policy.js';
import { S3Requests } from '../aws/s3-requests.js';

/**
 * The one S3 call the documents make: HEAD of a document object (does it exist?), a signed
 * `fetch` (functions/adapters/aws/s3-requests.ts explains why not `@aws-sdk/client-s3`).
 */
export const DOCUMENTS_BUCKET = requireEnv('DATA_IMPORT_BUCKET_NAME');
const ATTEMPTS = 3;
const TIMEOUT_MS = 2_000;

const s3 = new S3Requests({
  name: DOCUMENTS_BUCKET,
  region: requireEnv('AWS_REGION'),
  endpoint: process.env.AWS_ENDPOINT_URL_S3,
});

/** S3 could not answer now (network, timeout, 5xx, throttling): the request can be retried. */
export class DocumentStoreUnavailableError extends Error {
  override name = 'ServiceUnavailable';
}

/** The HTTP transport; tests replace `fetch` to inject S3 faults (timeouts, 5xx, resets, 403). */
export const s3Transport: { fetch: typeof fetch } = { fetch: (input, init) => fetch(input, init) };

/** HTTP status of a signed HEAD of the object (200, 404, 403…); retries what a retry can fix. */
export async function headObjectStatus(key: string): Promise<number> {
  let lastProblem = '';
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await sleep(50 * 2 ** attempt);
    const { url, headers } = await s3.sign({ method: 'HEAD', key });
    try {
      const response = await s3Transport.fetch(url, {
        method: 'HEAD',
        headers,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!isTransientStatus(response.status)) return response.status;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).name;
    }
  }
  throw new DocumentStoreUnavailableError(`The document store did not answer (${lastProblem})`);
}

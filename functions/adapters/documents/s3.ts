import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';
import { requireEnv } from '../../config.js';

/**
 * The one S3 call the service makes: HEAD of a document object (does it exist?). It is a
 * SigV4-signed `fetch` with the SDK's own signer rather than `@aws-sdk/client-s3`, whose ~130 kB
 * would be most of the notes and statements bundles and ~20 ms of their cold start (see the
 * README's performance section). The endpoint is the standard `AWS_ENDPOINT_URL_S3` (path-style,
 * the local runtime) or the bucket's regional virtual-hosted endpoint.
 */
export const DOCUMENTS_BUCKET = requireEnv('DATA_IMPORT_BUCKET_NAME');
const REGION = requireEnv('AWS_REGION');
const ENDPOINT = process.env.AWS_ENDPOINT_URL_S3;
const ATTEMPTS = 3;
const TIMEOUT_MS = 2_000;

/** SHA-256 (and HMAC-SHA-256 when given a secret) for the signer, from Node's crypto. */
class NodeSha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(toBuffer(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

function toBuffer(data: string | ArrayBuffer | ArrayBufferView): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

const signer = new SignatureV4({
  service: 's3',
  region: REGION,
  credentials: defaultProvider(),
  sha256: NodeSha256,
  // S3 signs the path as sent (each segment encoded once), unlike other services.
  uriEscapePath: false,
});

/** RFC 3986 encoding of each key segment, as S3 expects. */
function encodeKey(key: string): string {
  return key
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

function objectUrl(key: string): URL {
  if (ENDPOINT) {
    const base = new URL(ENDPOINT);
    return new URL(`${base.pathname.replace(/\/$/, '')}/${DOCUMENTS_BUCKET}/${encodeKey(key)}`, base);
  }
  return new URL(`https://${DOCUMENTS_BUCKET}.s3.${REGION}.amazonaws.com/${encodeKey(key)}`);
}

/** S3 could not answer now (network, timeout, 5xx, throttling): the request can be retried. */
export class DocumentStoreUnavailableError extends Error {
  override name = 'ServiceUnavailable';
}

/** The HTTP transport; tests replace `fetch` to inject S3 faults (timeouts, 5xx, resets, 403). */
export const s3Transport: { fetch: typeof fetch } = { fetch: (input, init) => fetch(input, init) };

/** HTTP status of a signed HEAD of the object (200, 404, 403…); retries what a retry can fix. */
export async function headObjectStatus(key: string): Promise<number> {
  const url = objectUrl(key);
  let lastProblem = '';
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await sleep(50 * 2 ** attempt);
    const signed = await signer.sign({
      method: 'HEAD',
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      query: {},
      headers: { host: url.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
    });
    try {
      const response = await s3Transport.fetch(url, {
        method: 'HEAD',
        headers: signed.headers as Record<string, string>,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (response.status < 500 && response.status !== 429) return response.status;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).name;
    }
  }
  throw new DocumentStoreUnavailableError(`The document store did not answer (${lastProblem})`);
}

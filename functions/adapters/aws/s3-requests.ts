import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * S3 requests signed with the SDK's own SigV4 signer and sent with `fetch`, rather than
 * `@aws-sdk/client-s3`, whose ~130 kB would be most of a small bundle and ~20 ms of its cold
 * start (docs/contributing/cold-starts.md). The endpoint is the standard `AWS_ENDPOINT_URL_S3`
 * (path-style, the local runtime) or the bucket's regional virtual-hosted endpoint. Used by the
 * document check (a HEAD) and by bulk jobs (presigned URLs, ranged reads, multipart uploads).
 */

/**
 * SHA-256 (and HMAC-SHA-256 when given a secret) for the signer, from Node's crypto (the local S3
 * checks presigned URLs with it too).
 */
export class NodeSha256 {
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

/** A query string encoded as SigV4 canonicalises it (RFC 3986), so the URL sent is the one signed. */
function queryString(query: Record<string, string>): string {
  const encode = (text: string) =>
    encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return Object.entries(query)
    .map(([name, value]) => (value === '' ? encode(name) : `${encode(name)}=${encode(value)}`))
    .join('&');
}

/** The payload hash S3 accepts for a body the signature does not cover. */
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
const CONTENT_SHA256 = 'x-amz-content-sha256';

export interface S3Bucket {
  readonly name: string;
  readonly region: string;
  /** `AWS_ENDPOINT_URL_S3` when set (path-style); else the regional virtual-hosted endpoint. */
  readonly endpoint: string | undefined;
}

export interface SignedS3Request {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  key: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export class S3Requests {
  private readonly signer: SignatureV4;

  constructor(readonly bucket: S3Bucket) {
    this.signer = new SignatureV4({
      service: 's3',
      region: bucket.region,
      credentials: defaultProvider(),
      sha256: NodeSha256,
      // S3 signs the path as sent (each segment encoded once), unlike other services.
      uriEscapePath: false,
    });
  }

  objectUrl(key: string): URL {
    const { name, region, endpoint } = this.bucket;
    if (endpoint) {
      const base = new URL(endpoint);
      return new URL(`${base.pathname.replace(/\/$/, '')}/${name}/${encodeKey(key)}`, base);
    }
    return new URL(`https://${name}.s3.${region}.amazonaws.com/${encodeKey(key)}`);
  }

  private httpRequest(request: SignedS3Request, url: URL) {
    return {
      method: request.method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      query: request.query ?? {},
      headers: { host: url.host, ...request.headers },
    };
  }

  /** The URL and headers of a signed request (the body, if any, is not covered by the signature). */
  async sign(request: SignedS3Request): Promise<{ url: URL; headers: Record<string, string> }> {
    const url = this.objectUrl(request.key);
    const signed = await this.signer.sign(
      this.httpRequest(
        { ...request, headers: { ...request.headers, [CONTENT_SHA256]: UNSIGNED_PAYLOAD } },
        url,
      ),
    );
    url.search = queryString(request.query ?? {});
    const headers = { ...(signed.headers as Record<string, string>) };
    delete headers.host;
    return { url, headers };
  }

  /**
   * A presigned URL for `method` on `key`: anyone holding it may send that one request, until
   * `signingDate` + `expiresInSeconds`. Only `host` is signed, so a plain `curl -T file URL`
   * (any content type) uploads with a PUT URL.
   */
  async presign(
    method: 'GET' | 'PUT',
    key: string,
    options: { expiresInSeconds: number; signingDate: Date },
  ): Promise<string> {
    const url = this.objectUrl(key);
    const presigned = await this.signer.presign(
      this.httpRequest({ method, key, headers: { [CONTENT_SHA256]: UNSIGNED_PAYLOAD } }, url),
      {
        expiresIn: options.expiresInSeconds,
        signingDate: options.signingDate,
        unhoistableHeaders: new Set([CONTENT_SHA256]),
        unsignableHeaders: new Set([CONTENT_SHA256]),
      },
    );
    const query = Object.fromEntries(
      Object.entries(presigned.query ?? {}).map(([name, value]) => [
        name,
        Array.isArray(value) ? String(value[0]) : String(value),
      ]),
    );
    url.search = queryString(query);
    return url.toString();
  }
}

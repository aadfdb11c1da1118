import { Readable } from 'node:stream';
import { requireEnv } from '../../config.js';
import { S3Requests } from '../aws/s3-requests.js';

/**
 * The bulk jobs bucket (`DATA_IMPORT_BULK_BUCKET_NAME`): each job's input object, uploaded by
 * the client with a presigned PUT, and its results object, downloaded with a presigned GET.
 * Requests are signed `fetch`es (functions/adapters/aws/s3-requests.ts).
 */
const s3 = new S3Requests({
  name: requireEnv('DATA_IMPORT_BULK_BUCKET_NAME'),
  region: requireEnv('AWS_REGION'),
  endpoint: process.env.AWS_ENDPOINT_URL_S3,
});

export const inputKey = (jobId: string) => `inputs/${jobId}.ndjson`;
export const resultsKey = (jobId: string) => `results/${jobId}.ndjson`;

/** S3 did not answer as it should (5xx, throttling, an unexpected status): the work can be retried. */
export class JobObjectsUnavailableError extends Error {
  override name = 'ServiceUnavailable';
}

async function send(request: Parameters<S3Requests['sign']>[0], body?: Buffer | string): Promise<Response> {
  const { url, headers } = await s3.sign(request);
  return fetch(url, { method: request.method, headers, ...(body !== undefined ? { body } : {}) });
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  throw new JobObjectsUnavailableError(`${what}: S3 answered ${response.status} ${text.slice(0, 200)}`);
}

export function presignedUrl(
  method: 'GET' | 'PUT',
  key: string,
  validFrom: Date,
  seconds: number,
): Promise<string> {
  return s3.presign(method, key, { expiresInSeconds: seconds, signingDate: validFrom });
}

/**
 * The object is no longer the one the job started with: a read conditioned on its ETag
 * (`If-Match`) was answered 412, or it is gone.
 */
export class InputChangedError extends Error {
  override name = 'InputChanged';
}

/** What a job's start records of its input: its size, its ETag, and how it was stored. */
export interface ObjectIdentity {
  size: number;
  etag: string;
  /** The `Content-Encoding` it was uploaded with, if any. */
  contentEncoding?: string;
}

/** The object's identity, or undefined when it does not exist. */
export async function objectIdentity(key: string): Promise<ObjectIdentity | undefined> {
  const response = await send({ method: 'HEAD', key });
  if (response.status === 404) return undefined;
  await expectOk(response, `HEAD ${key}`);
  const encoding = response.headers.get('content-encoding');
  return {
    size: Number(response.headers.get('content-length') ?? '0'),
    etag: response.headers.get('etag') ?? '',
    ...(encoding ? { contentEncoding: encoding } : {}),
  };
}

/**
 * Headers of a read of the job's input: `If-Match` its ETag when the start recorded one, so S3
 * answers 412 instead of another object's bytes; `Accept-Encoding: identity`, so the bytes are
 * the stored ones, at the offsets the reader counted.
 */
function inputReadHeaders(range: string, etag: string | null): Record<string, string> {
  return { range, 'accept-encoding': 'identity', ...(etag ? { 'if-match': etag } : {}) };
}

/** A read of the input was answered as a changed (412) or removed (404) object. */
function isChanged(response: Response, etag: string | null): boolean {
  return response.status === 412 || (etag !== null && response.status === 404);
}

/**
 * The object from byte `from` to its end, as a stream; undefined when the object does not exist
 * (and no ETag was expected). Throws InputChangedError when it is not the object of `etag`.
 */
export async function readObjectFrom(
  key: string,
  from: number,
  etag: string | null,
): Promise<Readable | undefined> {
  const response = await send({ method: 'GET', key, headers: inputReadHeaders(`bytes=${from}-`, etag) });
  if (isChanged(response, etag)) throw new InputChangedError(`GET ${key}: ${response.status}`);
  if (response.status === 404) return undefined;
  await expectOk(response, `GET ${key} from ${from}`);
  if (!response.body) return Readable.from([]);
  return Readable.fromWeb(response.body as Parameters<typeof Readable.fromWeb>[0]);
}

/**
 * Bytes `from` to `to` (exclusive) of the object. Throws InputChangedError when it is not the
 * object of `etag`.
 */
export async function readObjectRange(
  key: string,
  from: number,
  to: number,
  etag: string | null,
): Promise<Buffer> {
  if (to <= from) return Buffer.alloc(0);
  const response = await send({
    method: 'GET',
    key,
    headers: inputReadHeaders(`bytes=${from}-${to - 1}`, etag),
  });
  if (isChanged(response, etag)) throw new InputChangedError(`GET ${key}: ${response.status}`);
  await expectOk(response, `GET ${key} bytes ${from}-${to - 1}`);
  return Buffer.from(await response.arrayBuffer());
}

/** S3 takes parts of at least 5 MiB (but the last). */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Writes the object from `chunks` with a multipart upload (parts of 8 MiB, so the object's size
 * need not be known and never sits in memory whole). An upload a failure leaves incomplete is
 * removed by the bucket's lifecycle rule (no s3:AbortMultipartUpload grant needed).
 */
export async function writeObject(key: string, chunks: AsyncIterable<string>): Promise<void> {
  const created = await expectOk(
    await send({ method: 'POST', key, query: { uploads: '' } }),
    `create upload of ${key}`,
  );
  const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(await created.text())?.[1];
  if (!uploadId) throw new JobObjectsUnavailableError(`create upload of ${key}: no UploadId`);
  const parts: string[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    const number = parts.length + 1;
    const response = await expectOk(
      await send(
        { method: 'PUT', key, query: { partNumber: String(number), uploadId } },
        Buffer.concat(pending),
      ),
      `part ${number} of ${key}`,
    );
    parts.push(response.headers.get('etag') ?? '');
    pending = [];
    pendingBytes = 0;
  };
  for await (const text of chunks) {
    const bytes = Buffer.from(text, 'utf8');
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes >= PART_BYTES) await flush();
  }
  if (pendingBytes > 0 || parts.length === 0) await flush();
  const manifest = `<CompleteMultipartUpload>${parts
    .map((etag, index) => `<Part><PartNumber>${index + 1}</PartNumber><ETag>${etag}</ETag></Part>`)
    .join('')}</CompleteMultipartUpload>`;
  const completed = await expectOk(
    await send({ method: 'POST', key, query: { uploadId } }, manifest),
    `complete upload of ${key}`,
  );
  // S3 may answer 200 with an error document when completing fails late.
  const answer = await completed.text();
  if (answer.includes('<Error>'))
    throw new JobObjectsUnavailableError(`complete upload of ${key}: ${answer}`);
}

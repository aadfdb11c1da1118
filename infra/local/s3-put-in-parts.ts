import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/**
 * One PUT of an object larger than fauxqs takes in a request body (11 MiB; S3 takes 5 GiB), stored
 * as S3 stores it: the body is streamed to fauxqs as a multipart upload of 8 MiB parts in a bucket
 * of the local S3's own, then copied to its key (a copy stores the bytes as one object, so its ETag
 * is the MD5 of the bytes, as a PUT's is) and the staged object removed. Readers of the key see
 * the whole object or none of it.
 */
const PART_BYTES = 8 * 1024 * 1024;

/** The headers S3 keeps with an object, given to the upload and kept by the copy. */
function objectHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept = [
    'content-type',
    'content-encoding',
    'content-language',
    'content-disposition',
    'cache-control',
  ];
  return Object.fromEntries(
    Object.entries(headers).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && (kept.includes(entry[0]) || entry[0].startsWith('x-amz-meta-')),
    ),
  );
}

export async function putInParts(
  request: IncomingMessage,
  response: ServerResponse,
  options: { upstreamPort: number; stagingBucket: string },
): Promise<void> {
  const base = `http://127.0.0.1:${options.upstreamPort}`;
  const staged = `/${options.stagingBucket}/${randomUUID()}`;
  const call = async (
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: Buffer | string } = {},
  ) => {
    const answer = await fetch(`${base}${path}`, { method, ...init });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text.slice(0, 200)}`);
    return { answer, text };
  };
  const created = await call('POST', `${staged}?uploads`, { headers: objectHeaders(request.headers) });
  const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(created.text)?.[1] ?? '';
  const parts: string[] = [];
  try {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      const number = parts.length + 1;
      const { answer } = await call('PUT', `${staged}?partNumber=${number}&uploadId=${uploadId}`, {
        body: Buffer.concat(pending),
      });
      parts.push(answer.headers.get('etag') ?? '');
      pending = [];
      pendingBytes = 0;
    };
    for await (const chunk of request) {
      pending.push(chunk as Buffer);
      pendingBytes += (chunk as Buffer).length;
      if (pendingBytes >= PART_BYTES) await flush();
    }
    if (pendingBytes > 0 || parts.length === 0) await flush();
    const manifest = `<CompleteMultipartUpload>${parts
      .map((etag, index) => `<Part><PartNumber>${index + 1}</PartNumber><ETag>${etag}</ETag></Part>`)
      .join('')}</CompleteMultipartUpload>`;
    await call('POST', `${staged}?uploadId=${uploadId}`, { body: manifest });
  } catch (error) {
    await fetch(`${base}${staged}?uploadId=${uploadId}`, { method: 'DELETE' }).catch(() => undefined);
    throw error;
  }
  try {
    // The copy's answer is the PUT's: its ETag, or fauxqs's error (a missing bucket, say) as it is.
    const target = (request.url ?? '/').split('?')[0] as string;
    const copied = await fetch(`${base}${target}`, {
      method: 'PUT',
      headers: { 'x-amz-copy-source': staged, 'x-amz-metadata-directive': 'COPY' },
    });
    const text = await copied.text();
    if (!copied.ok) {
      response.writeHead(copied.status, { 'content-type': 'application/xml' });
      response.end(text);
      return;
    }
    const etag = /<ETag>([^<]+)<\/ETag>/.exec(text)?.[1] ?? '';
    response.writeHead(200, { etag, 'content-length': 0 });
    response.end();
  } finally {
    await fetch(`${base}${staged}`, { method: 'DELETE' }).catch(() => undefined);
  }
}

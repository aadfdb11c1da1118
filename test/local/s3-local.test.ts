import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { S3Requests } from '../../functions/adapters/aws/s3-requests.js';
import { type S3Local, startS3Local } from '../../infra/local/s3-local.js';

/**
 * The local S3 (fauxqs behind infra/local/s3-front.ts) answers as S3 does where the service and
 * its users depend on it. Each test starts one of its own, on a free port and its own data dir.
 */
const BUCKET = 'data-import-s3-local-test';
const directory = mkdtempSync(join(tmpdir(), 's3-local-'));
const started: S3Local[] = [];

afterAll(async () => {
  for (const s3 of started) await s3.stop();
  rmSync(directory, { recursive: true, force: true });
});

async function startS3(dataDir = join(directory, randomUUID())) {
  const s3 = await startS3Local({ port: 0, bucket: BUCKET, dataDir });
  started.push(s3);
  return {
    s3,
    dataDir,
    requests: new S3Requests({ name: BUCKET, region: 'eu-west-2', endpoint: s3.endpoint }),
  };
}

/** The answer to a request, its bytes as sent (node:http: `fetch` would decode a gzip body). */
function send(url: URL, method: string, headers: Record<string, string>, body?: Buffer | string) {
  return new Promise<{ status: number; headers: Headers; bytes: Buffer; text: string }>((resolve, reject) => {
    const sent = request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) answerHeaders.set(name, String(value));
        resolve({
          status: response.statusCode ?? 0,
          headers: answerHeaders,
          bytes,
          text: bytes.toString('utf8'),
        });
      });
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** A request signed as the functions sign theirs (the runtime's `local` credentials). */
async function signed(
  requests: S3Requests,
  method: 'GET' | 'HEAD' | 'PUT',
  key: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
) {
  const { url, headers: signedHeaders } = await requests.sign({ method, key, headers });
  return send(url, method, signedHeaders, body);
}

const md5 = (bytes: Buffer | string) => `"${createHash('md5').update(bytes).digest('hex')}"`;
const codeOf = (text: string) => /<Code>([^<]+)<\/Code>/.exec(text)?.[1];

describe('an object written under a data dir is there after the local S3 is started again on it', () => {
  it('the same bytes and ETag after a stop and a start on the same directory', async () => {
    // Prepare
    const first = await startS3();
    const key = `durable/${randomUUID()}.ndjson`;
    const put = await signed(first.requests, 'PUT', key, {}, '{"line":1}\n');
    await first.s3.stop();

    // Act
    const again = await startS3(first.dataDir);
    const read = await signed(again.requests, 'GET', key);

    // Assess
    expect(put.status).toBe(200);
    expect({ status: read.status, text: read.text, etag: read.headers.get('etag') }).toEqual({
      status: 200,
      text: '{"line":1}\n',
      etag: md5('{"line":1}\n'),
    });
  });
});

describe('If-Match as S3 answers it: 412 for another ETag, 404 for a missing object', () => {
  it('GET and HEAD with the object’s ETag are served; with another, 412 PreconditionFailed; a missing key stays 404', async () => {
    // Prepare
    const { requests } = await startS3();
    const key = `conditional/${randomUUID()}`;
    await signed(requests, 'PUT', key, {}, 'abcdef');
    const etag = md5('abcdef');
    const other = md5('another');

    // Act
    const answers = {
      getSame: await signed(requests, 'GET', key, { 'if-match': etag, range: 'bytes=2-3' }),
      headSame: await signed(requests, 'HEAD', key, { 'if-match': etag }),
      getOther: await signed(requests, 'GET', key, { 'if-match': other }),
      headOther: await signed(requests, 'HEAD', key, { 'if-match': other }),
      getMissing: await signed(requests, 'GET', `${key}-gone`, { 'if-match': etag }),
      headMissing: await signed(requests, 'HEAD', `${key}-gone`, { 'if-match': etag }),
    };

    // Assess
    expect(
      Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.status])),
    ).toEqual({
      getSame: 206,
      headSame: 200,
      getOther: 412,
      headOther: 412,
      getMissing: 404,
      headMissing: 404,
    });
    expect(answers.getSame.text).toBe('cd');
    expect(codeOf(answers.getOther.text)).toBe('PreconditionFailed');
  });
});

describe('keys of any shape up to 1024 bytes are kept, segments over 255 bytes included', () => {
  it('a key with a 300-byte segment and a 1024-byte key are written, read and listed', async () => {
    // Prepare
    const { requests } = await startS3();
    const prefix = `long-${randomUUID()}/`;
    const keys = [`${prefix}${'s'.repeat(300)}/doc.pdf`, `${prefix}${'k'.repeat(1024 - prefix.length)}`];

    // Act
    const puts = await Promise.all(keys.map((key) => signed(requests, 'PUT', key, {}, key)));
    const reads = await Promise.all(keys.map((key) => signed(requests, 'GET', key)));
    const { url, headers } = await requests.sign({
      method: 'GET',
      key: '',
      query: { 'list-type': '2', prefix },
    });
    const listing = await (await fetch(url, { headers })).text();

    // Assess
    expect(puts.map((put) => put.status)).toEqual([200, 200]);
    expect(reads.map((read) => [read.status, read.text])).toEqual(keys.map((key) => [200, key]));
    expect([...listing.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]).sort()).toEqual(
      [...keys].sort(),
    );
  });
});

describe('one PUT stores up to 5 GiB, as in S3 (fauxqs takes 11 MiB in one request)', () => {
  it('a 20 MiB presigned PUT is stored whole, its ETag the MD5 of its bytes, its Content-Encoding kept', async () => {
    // Prepare
    const { requests } = await startS3();
    const key = `large/${randomUUID()}.ndjson`;
    const body = randomBytes(20 * 1024 * 1024);
    const url = await requests.presign('PUT', key, { expiresInSeconds: 60, signingDate: new Date() });

    // Act
    const put = await send(new URL(url), 'PUT', { 'content-encoding': 'gzip' }, body);
    const head = await signed(requests, 'HEAD', key);
    const tail = await signed(requests, 'GET', key, { range: `bytes=${body.length - 5}-` });

    // Assess
    expect([put.status, put.headers.get('etag')]).toEqual([200, md5(body)]);
    expect([
      head.headers.get('content-length'),
      head.headers.get('etag'),
      head.headers.get('content-encoding'),
    ]).toEqual([String(body.length), md5(body), 'gzip']);
    expect(tail.bytes.equals(body.subarray(body.length - 5))).toBe(true);
  });

  it('a PUT over 5 GiB is refused 400 EntityTooLarge before its body is read', async () => {
    // Prepare
    const { requests } = await startS3();
    const target = new URL(
      await requests.presign('PUT', 'too-large', { expiresInSeconds: 60, signingDate: new Date() }),
    );

    // Act
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const put = request(target, {
        method: 'PUT',
        headers: { 'content-length': String(5 * 1024 ** 3 + 1) },
      });
      put.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, text });
          put.destroy();
        });
      });
      put.on('error', reject);
      put.flushHeaders();
    });

    // Assess
    expect([answer.status, codeOf(answer.text)]).toEqual([400, 'EntityTooLarge']);
  });
});

describe('who may ask, as S3 decides it for a private bucket', () => {
  it('an unsigned request is 403 AccessDenied; a key S3 does not know is 403 InvalidAccessKeyId', async () => {
    // Prepare
    const { s3 } = await startS3();
    const stranger = new S3Requests({ name: BUCKET, region: 'eu-west-2', endpoint: s3.endpoint });
    const keys = {
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY,
    };

    // Act
    const unsigned = await fetch(new URL(`/${BUCKET}/anything`, s3.endpoint));
    process.env.AWS_ACCESS_KEY_ID = 'AKIASTRANGER';
    process.env.AWS_SECRET_ACCESS_KEY = 'stranger';
    const unknown = await signed(stranger, 'GET', 'anything').finally(() => Object.assign(process.env, keys));

    // Assess
    expect([unsigned.status, codeOf(await unsigned.text())]).toEqual([403, 'AccessDenied']);
    expect([unknown.status, codeOf(unknown.text)]).toEqual([403, 'InvalidAccessKeyId']);
  });
});

describe('empty bodies are stored as S3 stores them', () => {
  it('an empty object, and an upload whose one part is empty, are stored (fauxqs alone answers 500)', async () => {
    // Prepare
    const { requests } = await startS3();
    const [objectKey, uploadKey] = [`empty/${randomUUID()}`, `empty/${randomUUID()}`];

    // Act
    const put = await signed(requests, 'PUT', objectKey, {}, '');
    const create = await requests.sign({ method: 'POST', key: uploadKey, query: { uploads: '' } });
    const created = await send(create.url, 'POST', create.headers);
    const uploadId = /<UploadId>([^<]+)<\/UploadId>/.exec(created.text)?.[1] ?? '';
    const part = await requests.sign({ method: 'PUT', key: uploadKey, query: { partNumber: '1', uploadId } });
    const partAnswer = await send(part.url, 'PUT', part.headers, Buffer.alloc(0));
    const complete = await requests.sign({ method: 'POST', key: uploadKey, query: { uploadId } });
    const manifest = `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${partAnswer.headers.get('etag')}</ETag></Part></CompleteMultipartUpload>`;
    const completed = await send(complete.url, 'POST', complete.headers, manifest);
    const reads = await Promise.all([objectKey, uploadKey].map((key) => signed(requests, 'GET', key)));

    // Assess
    expect([put.status, partAnswer.status, completed.status]).toEqual([200, 200, 200]);
    expect(reads.map((read) => [read.status, read.bytes.length])).toEqual([
      [200, 0],
      [200, 0],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { accountPayload } from '../accounts/support/accounts.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { bulkJobPaths, createJob, upload } from './support.js';

/** The job's upload URL with one query parameter (or the path) changed. */
function tampered(url: string, change: (target: URL) => void): string {
  const target = new URL(url);
  change(target);
  return target.toString();
}

/** The S3 error code of an XML error answer. */
async function s3Error(response: Response): Promise<string | undefined> {
  return /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1];
}

describe('a presigned URL is honoured only as it was signed, as S3 honours it', () => {
  it('the URL as given uploads; with another key, a longer expiry, another date or another method it is refused, and nothing is written', async () => {
    // Prepare
    const token = await obtainToken();
    const [mine, other] = [
      (await createJob(token, { import_supplier: 'ACME', dry_run: true })).json,
      (await createJob(token, { import_supplier: 'ACME', dry_run: true })).json,
    ];
    const url: string = mine.upload.url;
    const otherKey = new URL(other.upload.url).pathname;

    // Act
    const attempts = {
      anotherKey: await fetch(
        tampered(url, (target) => (target.pathname = otherKey)),
        { method: 'PUT', body: 'x' },
      ),
      longerExpiry: await fetch(
        tampered(url, (target) => target.searchParams.set('X-Amz-Expires', '604800')),
        {
          method: 'PUT',
          body: 'x',
        },
      ),
      overAWeek: await fetch(
        tampered(url, (target) => target.searchParams.set('X-Amz-Expires', '604801')),
        {
          method: 'PUT',
          body: 'x',
        },
      ),
      expired: await fetch(
        tampered(url, (target) => target.searchParams.set('X-Amz-Date', '20200101T000000Z')),
        { method: 'PUT', body: 'x' },
      ),
      anotherMethod: await fetch(url, { method: 'GET' }),
    };
    const codes = Object.fromEntries(
      await Promise.all(
        Object.entries(attempts).map(async ([name, response]) => [
          name,
          [response.status, await s3Error(response)],
        ]),
      ),
    );
    const asGiven = await upload(url, `${JSON.stringify(accountPayload())}\n`);

    // Assess
    expect(codes).toEqual({
      anotherKey: [403, 'SignatureDoesNotMatch'],
      longerExpiry: [403, 'SignatureDoesNotMatch'],
      overAWeek: [400, 'AuthorizationQueryParametersError'],
      expired: [403, 'AccessDenied'],
      anotherMethod: [403, 'SignatureDoesNotMatch'],
    });
    expect(asGiven).toBe(200);
    // Nothing reached the other job's input: it cannot start.
    const otherStart = await api('POST', bulkJobPaths.start(other.job_id), { token });
    expect(otherStart.json.code).toBe('bulk_job_upload_missing');
  });
});

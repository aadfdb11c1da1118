import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountPayload } from '../accounts/support/accounts.js';
import { tempDir } from '../client/support/etl.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { bulkJobPaths, createJob, curlUpload, upload } from './support.js';

const acme = () => obtainToken();
const globex = () => obtainToken('local-dev-key-globex');

describe('creating a job answers 201 OPEN with a presigned upload valid one hour', () => {
  it('the job object has every field, no lines yet, and an upload URL for PUT', async () => {
    // Prepare
    const token = await acme();
    const before = Date.now();

    // Act
    const response = await createJob(token, { import_supplier: 'ACME', dry_run: true });

    // Assess
    expect(response.status).toBe(201);
    const job = response.json;
    expect(job).toMatchObject({
      import_supplier: 'ACME',
      state: 'OPEN',
      dry_run: true,
      started_at: null,
      finished_at: null,
      lines: { total: null, processed: 0, imported: 0, partial: 0, failed: 0, not_processed: 0 },
      results_url: null,
      error: null,
      upload: { method: 'PUT' },
    });
    const expiresAt = Date.parse(job.upload.expires_at);
    expect(expiresAt - Date.parse(job.created_at)).toBe(3600_000);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
    expect(new URL(job.upload.url).searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(new URL(job.upload.url).pathname).toContain(`inputs/${job.job_id}.ndjson`);
  });

  it('`curl -T file URL` uploads to the presigned URL', async () => {
    // Prepare
    const token = await acme();
    const job = (await createJob(token, { import_supplier: 'ACME' })).json;
    const file = path.join(tempDir('bulk-upload'), 'accounts.ndjson');
    writeFileSync(file, `${JSON.stringify(accountPayload())}\n`);

    // Act
    const status = await curlUpload(job.upload.url, file);

    // Assess
    expect(status).toBe(200);
    expect((await api('POST', bulkJobPaths.start(job.job_id), { token })).status).toBe(202);
  });
});

describe('the supplier must be in scope (403), known (400) and Ongoing (409)', () => {
  it.each([
    ['a supplier outside the token’s scope', 'GLOBEX', 403, 'permission_denied'],
    ['an unknown supplier', 'NOPE-CO', 400, 'invalid_request'],
    ['a Paused supplier', 'PAUSED-CO', 409, 'import_supplier_migration_not_ongoing'],
    ['a Complete supplier', 'DONE-CO', 409, 'import_supplier_migration_not_ongoing'],
  ])('%s', async (_, supplier, status, code) => {
    // Act
    const response = await createJob(await acme(), { import_supplier: supplier });

    // Assess
    expect(response.status).toBe(status);
    expect(response.json.code).toBe(code);
    if (status === 400) {
      expect(response.json.errors).toEqual([
        expect.objectContaining({ attr: 'import_supplier', code: 'import_supplier_does_not_exist' }),
      ]);
    }
  });

  it('a body with an undocumented field is a 400 unknown_field', async () => {
    // Act
    const response = await createJob(await acme(), { import_supplier: 'ACME', concurrency: 4 });

    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      expect.objectContaining({ attr: 'concurrency', code: 'unknown_field' }),
    ]);
  });

  it('without a token: 401', async () => {
    // Act
    const response = await api('POST', bulkJobPaths.jobs, { body: { import_supplier: 'ACME' } });

    // Assess
    expect(response.status).toBe(401);
  });
});

describe('a job is readable only by its organisation', () => {
  it('another organisation gets 404 bulk_job_does_not_exist, as for an id that does not exist', async () => {
    // Prepare
    const job = (await createJob(await acme(), { import_supplier: 'ACME' })).json;

    // Act
    const answers = await Promise.all([
      api('GET', bulkJobPaths.job(job.job_id), { token: await globex() }),
      api('POST', bulkJobPaths.start(job.job_id), { token: await globex() }),
      api('POST', bulkJobPaths.abort(job.job_id), { token: await globex() }),
      api('GET', bulkJobPaths.job('5f0c3c0e-0000-4000-8000-000000000000'), { token: await acme() }),
      api('GET', bulkJobPaths.job('not-a-job'), { token: await acme() }),
    ]);

    // Assess
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.json.code).toBe('bulk_job_does_not_exist');
    }
    expect((await api('GET', bulkJobPaths.job(job.job_id), { token: await acme() })).status).toBe(200);
  });
});

describe('start: 400 before the upload, 202 IN_PROGRESS after it, 409 once started', () => {
  it('follows the job through its states', async () => {
    // Prepare
    const token = await acme();
    const job = (await createJob(token, { import_supplier: 'ACME', dry_run: true })).json;

    // Act
    const early = await api('POST', bulkJobPaths.start(job.job_id), { token });
    expect(await upload(job.upload.url, '\n')).toBe(200);
    const started = await api('POST', bulkJobPaths.start(job.job_id), { token, body: {} });
    const again = await api('POST', bulkJobPaths.start(job.job_id), { token });

    // Assess
    expect(early.status).toBe(400);
    // The code is the answer's own, at the top level, as for the other bulk job codes.
    expect(early.json).toEqual({ detail: expect.any(String), code: 'bulk_job_upload_missing', errors: [] });
    expect(started.status).toBe(202);
    expect(started.json).toMatchObject({ job_id: job.job_id, state: 'IN_PROGRESS', upload: null });
    expect(started.json.started_at).toEqual(expect.any(String));
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('bulk_job_not_open');
  });

  it('a body other than none or {} is a 400', async () => {
    // Prepare
    const token = await acme();
    const job = (await createJob(token, { import_supplier: 'ACME' })).json;

    // Act
    const response = await api('POST', bulkJobPaths.start(job.job_id), { token, body: { now: true } });

    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([expect.objectContaining({ attr: 'now', code: 'unknown_field' })]);
  });
});

describe('abort: an OPEN job is ABORTED and finished at once; a finished job answers 409', () => {
  it('aborts, then refuses a second abort and a start', async () => {
    // Prepare
    const token = await acme();
    const job = (await createJob(token, { import_supplier: 'ACME' })).json;

    // Act
    const aborted = await api('POST', bulkJobPaths.abort(job.job_id), { token });
    const again = await api('POST', bulkJobPaths.abort(job.job_id), { token, body: {} });
    const start = await api('POST', bulkJobPaths.start(job.job_id), { token });

    // Assess
    expect(aborted.status).toBe(200);
    expect(aborted.json).toMatchObject({ state: 'ABORTED', upload: null, results_url: null });
    expect(aborted.json.finished_at).toEqual(expect.any(String));
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('bulk_job_finished');
    expect(start.status).toBe(409);
    expect(start.json.code).toBe('bulk_job_not_open');
  });
});

describe('the list shows the organisation’s jobs for a supplier, newest first, paged', () => {
  it('pages with page_size and Link, and shows no other organisation’s job', async () => {
    // Prepare
    const token = await acme();
    const created: string[] = [];
    for (let i = 0; i < 3; i++)
      created.push((await createJob(token, { import_supplier: 'ACME' })).json.job_id);

    // Act
    const first = await api('GET', bulkJobPaths.jobs, {
      token,
      query: { import_supplier: 'ACME', page_size: 2 },
    });
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1] as string;
    const second = await api('GET', new URL(next).pathname + new URL(next).search, { token });
    const other = await api('GET', bulkJobPaths.jobs, {
      token: await globex(),
      query: { import_supplier: 'GLOBEX' },
    });

    // Assess
    expect(first.status).toBe(200);
    expect(first.json.map((job: { job_id: string }) => job.job_id)).toEqual([created[2], created[1]]);
    expect(new URL(next).searchParams.get('import_supplier')).toBe('ACME');
    expect(second.json[0].job_id).toBe(created[0]);
    expect(other.json.map((job: { job_id: string }) => job.job_id)).not.toContain(created[0]);
  });

  it('without import_supplier: 400 required; a supplier outside the scope: 403', async () => {
    // Act
    const missing = await api('GET', bulkJobPaths.jobs, { token: await acme() });
    const foreign = await api('GET', bulkJobPaths.jobs, {
      token: await acme(),
      query: { import_supplier: 'GLOBEX' },
    });

    // Assess
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([
      expect.objectContaining({ attr: 'import_supplier', code: 'required' }),
    ]);
    expect(foreign.status).toBe(403);
  });
});

import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { sendReadMessage } from '../../functions/adapters/queue/bulk-job-reader-queue.js';
import { readMessage } from '../../functions/rules/bulk-jobs/engine.js';
import { listApiKeys, revokeApiKey } from '../../functions/store/api-key-store.js';
import { getBulkJob, markStarted } from '../../functions/store/bulk-job-store.js';
import { putOrganisation } from '../../functions/store/organisation-store.js';
import { setSupplierStatus } from '../../functions/store/supplier-store.js';
import { accountPayload } from '../accounts/support/accounts.js';
import { newSupplierWithKey } from '../accounts/support/seed-processes.js';
import { goodAccount, readNdjson, runEtl, tempDir } from '../client/support/etl.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { bulkJobPaths, createJob, resultsOf, runJob, upload, waitForJob } from './support.js';

vi.setConfig({ testTimeout: 180_000 });

/** A line for whichever supplier loads it (the account names none): an EnergyAccount with its embedded items. */
function accountLine(external: string): string {
  const { import_supplier: _supplier, ...account } = accountPayload({ external_account_number: external });
  return JSON.stringify(account);
}

/**
 * A job of a supplier of its own over `lines`, started, and held with its supplier Paused once
 * its file is read: the test then changes the world, and `resume` lets the job go on.
 */
async function heldJob(prefix: string, lines: number) {
  const { supplier, apiKey } = await newSupplierWithKey(prefix);
  const token = await obtainToken(apiKey);
  const externals = Array.from(
    { length: lines },
    (_, index) => `${prefix}-${index}-${randomUUID().slice(0, 6)}`,
  );
  const created = (await createJob(token, { import_supplier: supplier })).json;
  expect(await upload(created.upload.url, externals.map(accountLine).join('\n'))).toBe(200);
  expect((await api('POST', bulkJobPaths.start(created.job_id), { token })).status).toBe(202);
  await setSupplierStatus(supplier, 'Paused');
  const read = await waitForJob(token, created.job_id, (job) => job.lines.total !== null);
  return {
    supplier,
    apiKey,
    token,
    externals,
    jobId: created.job_id as string,
    uploadUrl: created.upload.url as string,
    read,
    resume: () => setSupplierStatus(supplier, 'Ongoing'),
    finished: () => waitForJob(token, created.job_id, (job) => job.finished_at !== null),
  };
}

/** Every line accounted for once: a result of the file as started, or NOT_PROCESSED. */
// biome-ignore lint/suspicious/noExplicitAny: the job object and result lines are checked field by field
function expectEveryLineOnce(job: any, results: any[], lines: number) {
  expect(results.map((result) => result.line)).toEqual(
    Array.from({ length: lines }, (_, index) => index + 1),
  );
  expect(job.lines.processed + job.lines.not_processed).toBe(lines);
  expect(results.filter((result) => result.status === 'NOT_PROCESSED').length).toBe(job.lines.not_processed);
}

describe('a line never stalls its chunk', () => {
  it('a line whose account nests 10 000 levels deep ends as `etl load` ends it, and the lines after it in its chunk load', async () => {
    // Prepare
    const deep = (prefix: string) =>
      `{"external_account_number":"${prefix}-DEEP","extra":${'{"deeper":'.repeat(10_000)}"bottom"${'}'.repeat(10_000)}}`;
    const twinLines = async (prefix: string) =>
      [
        JSON.stringify(goodAccount(`${prefix}-A`)),
        deep(prefix),
        JSON.stringify(goodAccount(`${prefix}-B`)),
      ].join('\n');
    const dir = tempDir('bulk-deep');
    const cliPrefix = `BJDEEPC-${randomUUID().slice(0, 6)}`;
    const jobPrefix = `BJDEEPJ-${randomUUID().slice(0, 6)}`;
    writeFileSync(path.join(dir, 'cli.ndjson'), `${await twinLines(cliPrefix)}\n`);

    // Act
    const cli = await runEtl([
      'load',
      path.join(dir, 'cli.ndjson'),
      '--supplier',
      'ACME',
      '--state',
      path.join(dir, 'state'),
    ]);
    const { job, results } = await runJob(`${await twinLines(jobPrefix)}\n`);

    // Assess
    expect(cli.code, cli.stderr).toBe(1);
    const cliResults = readNdjson(path.join(dir, 'state', 'results.ndjson'));
    expect(job).toMatchObject({ state: 'COMPLETE', lines: { total: 3, imported: 2, failed: 1 } });
    expect(results.map((result) => [result.line, result.status])).toEqual([
      [1, 'IMPORTED'],
      [2, 'FAILED'],
      [3, 'IMPORTED'],
    ]);
    const codes = (result: { errors: { step: string; code: string }[] }) =>
      result.errors.map((error) => `${error.step}:${error.code}`);
    expect(codes(results[1])).toContain('stage:too_deeply_nested');
    expect(codes(results[1])).toEqual(codes(cliResults[1] as { errors: { step: string; code: string }[] }));
  });
});

describe('an upload stored with a Content-Encoding is refused at start', () => {
  it('a gzip upload: 400 bulk_job_upload_encoded at the top level, the job stays OPEN; the same file uploaded plain then runs', async () => {
    // Prepare
    const token = await obtainToken();
    const content = `${accountLine(`BJGZ-${randomUUID()}`)}\n`;
    const created = (await createJob(token, { import_supplier: 'ACME', dry_run: true })).json;
    const gzipped = await fetch(created.upload.url, {
      method: 'PUT',
      headers: { 'content-encoding': 'gzip' },
      body: gzipSync(content),
    });

    // Act
    const refused = await api('POST', bulkJobPaths.start(created.job_id), { token });
    const still = await api('GET', bulkJobPaths.job(created.job_id), { token });
    expect(await upload(created.upload.url, content)).toBe(200);
    const started = await api('POST', bulkJobPaths.start(created.job_id), { token });
    const job = await waitForJob(token, created.job_id, (current) => current.finished_at !== null);

    // Assess
    expect(gzipped.status).toBe(200);
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      detail: expect.stringContaining('gzip'),
      code: 'bulk_job_upload_encoded',
      errors: [],
    });
    expect(still.json.state).toBe('OPEN');
    expect(started.status).toBe(202);
    expect(job).toMatchObject({ state: 'COMPLETE', lines: { total: 1, processed: 1 } });
  });
});

describe('the input is fixed at start', () => {
  it('a file uploaded again after the start never reaches the workers: the job ends FAILED bulk_job_input_changed, the lines not run NOT_PROCESSED, no account of the other file staged', async () => {
    // Prepare
    const held = await heldJob('BJCHG', 40);
    const other = Array.from(
      { length: 40 },
      (_, index) => `BJCHG-OTHER-${index}-${randomUUID().slice(0, 6)}`,
    );

    // Act: the upload URL is still valid; S3 takes the new file.
    expect(await upload(held.uploadUrl, other.map(accountLine).join('\n'))).toBe(200);
    await held.resume();
    const job = await held.finished();
    const results = await resultsOf(job);

    // Assess
    expect(job).toMatchObject({ state: 'FAILED', error: { code: 'bulk_job_input_changed' } });
    expectEveryLineOnce(job, results, 40);
    expect(job.lines.not_processed).toBeGreaterThan(0);
    for (const result of results) {
      if (result.status !== 'NOT_PROCESSED') {
        expect(held.externals).toContain(result.external_account_number);
      }
    }
    const status = await api(
      'GET',
      `/v1/data-import/account-transfer-status/${held.supplier}/${encodeURIComponent(other[0] as string)}/`,
      { token: held.token },
    );
    expect(status.status).toBe(404);
  });

  it('a reader that finds the input changed reads none of it: the job is FAILED bulk_job_input_changed with no lines', async () => {
    // Prepare: a job started with another ETag than its input's.
    const token = await obtainToken();
    const created = (await createJob(token, { import_supplier: 'ACME', dry_run: true })).json;
    expect(await upload(created.upload.url, accountLine(`BJCHGR-${randomUUID()}`))).toBe(200);
    const stored = await getBulkJob(created.job_id);
    if (!stored) throw new Error('the job was not stored');
    await markStarted(created.job_id, new Date(), stored.created_at, '"an-etag-of-another-upload"');

    // Act
    await sendReadMessage(readMessage(created.job_id, 'continue'));
    const job = await waitForJob(token, created.job_id, (current) => current.finished_at !== null);

    // Assess
    expect(job).toMatchObject({
      state: 'FAILED',
      error: { code: 'bulk_job_input_changed' },
      lines: { total: 0, processed: 0, not_processed: 0 },
    });
    expect(await resultsOf(job)).toEqual([]);
  });
});

describe('a supplier that is Complete ends the job’s remaining lines as `load` ends them', () => {
  it('the lines not run FAILED import_supplier_complete, and the job completes', async () => {
    // Prepare
    const held = await heldJob('BJCOMPLETE', 30);

    // Act
    await setSupplierStatus(held.supplier, 'Complete');
    const job = await held.finished();
    const results = await resultsOf(job);

    // Assess
    expect(job.state).toBe('COMPLETE');
    expectEveryLineOnce(job, results, 30);
    const failed = results.filter((result) => result.status === 'FAILED');
    expect(failed.length).toBeGreaterThan(0);
    for (const result of failed) {
      expect(result.errors).toEqual([
        expect.objectContaining({ step: 'stage', code: 'import_supplier_complete' }),
      ]);
    }
  });
});

describe('a job acts only with current authority', () => {
  it('an organisation whose scope no longer covers the supplier: the job ends FAILED bulk_job_authority_revoked, the lines not run NOT_PROCESSED', async () => {
    // Prepare
    const held = await heldJob('BJSCOPE', 30);

    // Act
    await putOrganisation(`org-${held.supplier}`, ['ACME']);
    await held.resume();
    const job = await held.finished();
    const results = await resultsOf(job);

    // Assess
    expect(job).toMatchObject({ state: 'FAILED', error: { code: 'bulk_job_authority_revoked' } });
    expectEveryLineOnce(job, results, 30);
    expect(job.lines.not_processed).toBeGreaterThan(0);
  });

  it('an organisation whose every key is revoked: the job ends FAILED bulk_job_authority_revoked', async () => {
    // Prepare
    const held = await heldJob('BJREVOKE', 30);
    const keys = (await listApiKeys()).filter((key) => key.organisation === `org-${held.supplier}`);

    // Act
    for (const key of keys) await revokeApiKey(key.key_id);
    await held.resume();
    const job = await held.finished();

    // Assess
    expect(keys.length).toBeGreaterThan(0);
    expect(job).toMatchObject({ state: 'FAILED', error: { code: 'bulk_job_authority_revoked' } });
    expectEveryLineOnce(job, await resultsOf(job), 30);
  });
});

describe('the in-process steps apply the gateway’s size limit to the Lambda event, as over HTTP', () => {
  it('a line whose account carries 500 notes of escaped text (about 4 MB of body, over 6 MB of event) ends FAILED stage payload_too_large, as `etl load` ends it', async () => {
    // Prepare
    const withNotes = async (prefix: string) => {
      const account = goodAccount(prefix);
      account.notes = Array.from({ length: 500 }, (_, index) => ({
        body: `${index} ${'"'.repeat(4_000)}`,
        created_at: '2026-01-20T09:00:00Z',
      }));
      return JSON.stringify(account);
    };
    const dir = tempDir('bulk-event-size');
    writeFileSync(
      path.join(dir, 'cli.ndjson'),
      `${await withNotes(`BJSIZEC-${randomUUID().slice(0, 6)}`)}\n`,
    );

    // Act
    const cli = await runEtl([
      'load',
      path.join(dir, 'cli.ndjson'),
      '--supplier',
      'ACME',
      '--state',
      path.join(dir, 'state'),
    ]);
    const { results } = await runJob(`${await withNotes(`BJSIZEJ-${randomUUID().slice(0, 6)}`)}\n`);

    // Assess
    expect(cli.code, cli.stderr).toBe(1);
    const [cliResult] = readNdjson(path.join(dir, 'state', 'results.ndjson')) as {
      status: string;
      errors: unknown[];
    }[];
    const expected = {
      status: 'FAILED',
      errors: [expect.objectContaining({ step: 'stage', code: 'payload_too_large' })],
    };
    expect(cliResult).toMatchObject(expected);
    expect(results[0]).toMatchObject(expected);
  });
});

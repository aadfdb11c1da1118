import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { DataImportClient } from '../../client/data-import-client.js';
import { inputKey, objectIdentity } from '../../functions/adapters/bulk-jobs/job-objects.js';
import type { Chunk } from '../../functions/rules/bulk-jobs/engine.js';
import { claimExpiresAt } from '../../functions/rules/claims/claim.js';
import { claimRead, markReadDone } from '../../functions/store/bulk-job-read-claim-store.js';
import { markStarted } from '../../functions/store/bulk-job-store.js';
import type { StepHandlers } from '../../functions/use-cases/bulk-jobs/in-process-steps.js';
import { runBulkJobChunk } from '../../functions/use-cases/bulk-jobs/run-bulk-job-chunk.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { pollUntil } from '../support/polling.js';
import { bulkJobPaths } from './job-driver.js';

export { bulkJobPaths };

export function createJob(token: string, body: Record<string, unknown>) {
  return api('POST', bulkJobPaths.jobs, { token, body });
}

/** Uploads `content` to a presigned PUT URL as a migration team would: `curl -T file URL`. */
export async function curlUpload(url: string, file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-T', file, url]);
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', () => resolve(Number(out)));
  });
}

/** Uploads `content` to a presigned PUT URL with fetch. */
export async function upload(url: string, content: string | Buffer): Promise<number> {
  const response = await fetch(url, { method: 'PUT', body: content });
  await response.arrayBuffer();
  return response.status;
}

/** Reads a job: over the shared runtime's API with a token, or with a client of another runtime. */
async function readJob(via: string | DataImportClient, jobId: string) {
  if (typeof via === 'string') {
    const response = await api('GET', bulkJobPaths.job(jobId), { token: via });
    return { status: response.status, body: response.json };
  }
  // biome-ignore lint/suspicious/noExplicitAny: the job object is checked field by field
  return via.requestJson<any>('GET', bulkJobPaths.job(jobId));
}

/**
 * Polls the job (read with a token of the shared runtime or a client of another) until `done`
 * holds, every `intervalMs`, for at most `timeoutMs`: the runtime's reader and workers run it.
 */
export async function waitForJob(
  via: string | DataImportClient,
  jobId: string,
  // biome-ignore lint/suspicious/noExplicitAny: the job object is checked field by field
  done: (job: any) => boolean,
  { timeoutMs = 90_000, intervalMs = 250 } = {},
) {
  const { body } = await pollUntil(
    () => readJob(via, jobId),
    (response) => response.status === 200 && done(response.body),
    { timeoutMs, intervalMs, failure: (response) => `job still ${JSON.stringify(response.body)}` },
  );
  return body;
}

/** The lines of the job's results object. */
// biome-ignore lint/suspicious/noExplicitAny: result lines are checked field by field
export async function resultsOf(job: { results_url: string }): Promise<any[]> {
  const response = await fetch(job.results_url);
  if (response.status !== 200) throw new Error(`results answered ${response.status}`);
  return (await response.text())
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}

/** Runs a job over `content` to its end and returns the finished job and its results. */
export async function runJob(
  content: string,
  options: { dryRun?: boolean; supplier?: string; token?: string } = {},
) {
  const token = options.token ?? (await obtainToken());
  const created = await createJob(token, {
    import_supplier: options.supplier ?? 'ACME',
    dry_run: options.dryRun,
  });
  expect(created.status).toBe(201);
  expect(await upload(created.json.upload.url, content)).toBe(200);
  expect((await api('POST', bulkJobPaths.start(created.json.job_id), { token })).status).toBe(202);
  const job = await waitForJob(token, created.json.job_id, (current) => current.finished_at !== null);
  return { job, results: await resultsOf(job) };
}

/**
 * A job of `lines` for `supplier`, created and uploaded over the API, then started and read here
 * (no reader runs): its one chunk is run by `runChunk`, this test's own worker, with the step
 * handlers the test gives (wrapped to pause a supplier, to read what is staged, …).
 */
export async function jobRunHere(token: string, supplier: string, lines: readonly string[]) {
  const created = (await createJob(token, { import_supplier: supplier })).json;
  expect(await upload(created.upload.url, lines.map((line) => `${line}\n`).join(''))).toBe(200);
  const input = await objectIdentity(inputKey(created.job_id));
  const now = new Date();
  await markStarted(created.job_id, now, now.toISOString().slice(0, 19).concat('Z'), input?.etag ?? '');
  await claimRead(created.job_id, 'test-reader', claimExpiresAt(Date.now() + 60_000, 5), now, false);
  await markReadDone(created.job_id, 'test-reader', { lines: lines.length, chunks: 1 });
  let offset = 0;
  const chunk: Chunk = {
    chunk: 0,
    lines: lines.map((line, index) => {
      const length = Buffer.byteLength(line);
      const entry = { line: index + 1, offset, length };
      offset += length + 1;
      return entry;
    }),
  };
  const runChunk = (handlers: StepHandlers) =>
    runBulkJobChunk(created.job_id, chunk, handlers, {
      holder: `test-worker-${randomUUID()}`,
      startedAtMs: Date.now(),
      deadlineMs: Date.now() + 120_000,
    });
  return { jobId: created.job_id as string, runChunk };
}

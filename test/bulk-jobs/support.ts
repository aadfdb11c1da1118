import { spawn } from 'node:child_process';
import { expect } from 'vitest';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';

export const bulkJobPaths = {
  jobs: '/v2/data-import/bulk-jobs/',
  job: (jobId: string) => `/v2/data-import/bulk-jobs/${encodeURIComponent(jobId)}/`,
  start: (jobId: string) => `/v2/data-import/bulk-jobs/${encodeURIComponent(jobId)}/start/`,
  abort: (jobId: string) => `/v2/data-import/bulk-jobs/${encodeURIComponent(jobId)}/abort/`,
};

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

/** Polls the job until `done` holds (the shared runtime's reader and workers run it). */
export async function waitForJob(
  token: string,
  jobId: string,
  // biome-ignore lint/suspicious/noExplicitAny: the job object is checked field by field
  done: (job: any) => boolean,
  timeoutMs = 90_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await api('GET', bulkJobPaths.job(jobId), { token });
    if (response.status === 200 && done(response.json)) return response.json;
    if (Date.now() > deadline) throw new Error(`job still ${JSON.stringify(response.json)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
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

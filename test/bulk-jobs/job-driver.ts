import type { DataImportClient } from '../../client/data-import-client.js';

/**
 * Bulk jobs driven with the project's typed client, for a runtime of a test's own or the bench
 * (no vitest here: the bench imports it). Tests of the shared runtime use `support.ts` instead.
 */
export const bulkJobPaths = {
  jobs: '/v2/data-import/bulk-jobs/',
  job: (jobId: string) => `/v2/data-import/bulk-jobs/${encodeURIComponent(jobId)}/`,
  start: (jobId: string) => `/v2/data-import/bulk-jobs/${encodeURIComponent(jobId)}/start/`,
  abort: (jobId: string) => `/v2/data-import/bulk-jobs/${encodeURIComponent(jobId)}/abort/`,
};

/**
 * Creates a job for `supplier`, uploads `content` to it and starts it; its id and the moment
 * (`performance.now()`) just before the start was sent. Throws on any answer but the documented one.
 */
export async function startJob(
  client: DataImportClient,
  content: string | Buffer,
  supplier = 'ACME',
): Promise<{ jobId: string; startedAt: number }> {
  const created = await client.requestJson<{ job_id: string; upload: { url: string } }>(
    'POST',
    bulkJobPaths.jobs,
    { import_supplier: supplier },
  );
  if (created.status !== 201 || !created.body)
    throw new Error(`creating a bulk job answered ${created.status}`);
  const jobId = created.body.job_id;
  const uploaded = await fetch(created.body.upload.url, { method: 'PUT', body: content });
  await uploaded.arrayBuffer();
  if (uploaded.status !== 200) throw new Error(`uploading the job's file answered ${uploaded.status}`);
  const startedAt = performance.now();
  const start = await client.requestJson('POST', bulkJobPaths.start(jobId));
  if (start.status !== 202) throw new Error(`starting the job answered ${start.status}`);
  return { jobId, startedAt };
}

import { createReadStream, createWriteStream, mkdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DataImportClient } from '../data-import-client.js';
import type { paths } from '../generated/openapi.js';
import { JobProgress } from './progress.js';
import { type ResultsLine, readResults } from './results-file.js';
import { writeAtomically } from './write-atomically.js';

export type BulkJob =
  paths['/v2/data-import/bulk-jobs/{job_id}/']['get']['responses'][200]['content']['application/json'];

/** How often `submit` reads the job while it runs. */
export const POLL_INTERVAL_MS = 1000;

export interface SubmitOptions {
  file: string;
  supplier: string;
  stateDir: string;
  dryRun: boolean;
  /** Where progress goes (stderr by default). */
  progressStream?: NodeJS.WriteStream;
}

export interface SubmitSummary {
  job: BulkJob;
  seconds: number;
  /** The results file, once the job has results. */
  resultsFile?: string;
  /** Every line of the results that is not IMPORTED, in line order. */
  notImported: ResultsLine[];
}

/**
 * Where `submit` writes its job's results: beside `load`'s `results.ndjson`, never over it, so
 * a state directory used by both keeps both (`etl status` counts each).
 */
export const submitResultsFile = (stateDir: string) => path.join(stateDir, 'submit-results.ndjson');

/** An answer the API did not give as documented (a 4xx says what is wrong; retries are the client's). */
export class JobRequestError extends Error {}

const jobPath = (jobId: string) => `/v2/data-import/bulk-jobs/${encodeURIComponent(jobId)}/`;

async function jobRequest(client: DataImportClient, method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await client.send(
    new Request(`${client.baseUrl}${url}`, {
      method,
      ...(body !== undefined
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : {}),
    }),
  );
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json };
}

function expectStatus(answer: { status: number; json: unknown }, status: number, what: string): BulkJob {
  if (answer.status !== status) {
    const body = answer.json as { code?: string; detail?: string } | undefined;
    throw new JobRequestError(
      `${what} answered ${answer.status} ${body?.code ?? ''}: ${body?.detail ?? ''}`.trim(),
    );
  }
  return answer.json as BulkJob;
}

export async function getJob(client: DataImportClient, jobId: string): Promise<BulkJob> {
  return expectStatus(await jobRequest(client, 'GET', jobPath(jobId)), 200, `GET job ${jobId}`);
}

export async function abortJob(client: DataImportClient, jobId: string): Promise<BulkJob> {
  return expectStatus(await jobRequest(client, 'POST', `${jobPath(jobId)}abort/`), 200, `abort job ${jobId}`);
}

/** Streams the file to the job's presigned upload URL (a plain PUT: no token). */
async function uploadFile(url: string, file: string): Promise<void> {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { 'content-length': String(statSync(file).size) },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  await response.arrayBuffer();
  if (response.status !== 200) throw new JobRequestError(`uploading ${file} answered ${response.status}`);
}

/** Downloads the results (presigned GET) to `<state>/submit-results.ndjson`, whole or not at all. */
async function downloadResults(url: string, stateDir: string): Promise<string> {
  const response = await fetch(url);
  if (response.status !== 200 || !response.body) {
    throw new JobRequestError(`downloading the results answered ${response.status}`);
  }
  const output = submitResultsFile(stateDir);
  const temporary = `${output}.${process.pid}.tmp`;
  await pipeline(
    Readable.fromWeb(response.body as Parameters<typeof Readable.fromWeb>[0]),
    createWriteStream(temporary),
  );
  renameSync(temporary, output);
  return output;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Reads the job until it is finished, showing its progress. */
export async function watchJob(
  client: DataImportClient,
  jobId: string,
  progressStream: NodeJS.WriteStream = process.stderr,
): Promise<BulkJob> {
  const progress = new JobProgress(progressStream);
  try {
    for (;;) {
      const job = await getJob(client, jobId);
      progress.show(job.lines);
      if (job.finished_at !== null) return job;
      await sleep(POLL_INTERVAL_MS);
    }
  } finally {
    progress.stop();
  }
}

/**
 * `etl submit`: the file as a bulk job, loaded by the service: create the job, upload the file
 * to its presigned URL, start it, follow its progress, then write `<state>/submit-results.ndjson`
 * from its results (the format of `load`'s `results.ndjson`, with `NOT_PROCESSED` for lines an
 * abort left).
 * The job's id is kept in `<state>/job.json` while it runs.
 */
export async function submit(client: DataImportClient, options: SubmitOptions): Promise<SubmitSummary> {
  const started = Date.now();
  mkdirSync(options.stateDir, { recursive: true });
  const created = expectStatus(
    await jobRequest(client, 'POST', '/v2/data-import/bulk-jobs/', {
      import_supplier: options.supplier,
      ...(options.dryRun ? { dry_run: true } : {}),
    }),
    201,
    'creating the job',
  );
  const jobFile = path.join(options.stateDir, 'job.json');
  writeAtomically(jobFile, `${JSON.stringify({ job_id: created.job_id }, null, 2)}\n`);
  if (!created.upload) throw new JobRequestError('the new job has no upload URL');
  await uploadFile(created.upload.url, options.file);
  const start = await jobRequest(client, 'POST', `${jobPath(created.job_id)}start/`);
  // A start retried after its answer was lost (a 502 once the job had started) finds the job
  // started already: the job is followed all the same.
  if (start.status !== 409 || (start.json as { code?: string } | undefined)?.code !== 'bulk_job_not_open') {
    expectStatus(start, 202, 'starting the job');
  }
  const job = await watchJob(client, created.job_id, options.progressStream);
  const output = job.results_url ? await downloadResults(job.results_url, options.stateDir) : undefined;
  return {
    job,
    seconds: (Date.now() - started) / 1000,
    ...(output ? { resultsFile: output } : {}),
    notImported: output ? readResults(output).filter((result) => result.status !== 'IMPORTED') : [],
  };
}

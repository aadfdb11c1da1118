import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createDataImportClient } from '../../client/data-import-client.js';
import { submit } from '../../client/etl/submit.js';
import { resultsOf } from '../bulk-jobs/support.js';
import { obtainToken } from '../support/auth.js';
import { api, apiUrl } from '../support/http.js';
import { goodAccount, readNdjson, runEtl, tempDir, writeLines } from './support/etl.js';

vi.setConfig({ testTimeout: 120_000 });

describe('etl submit loads the file as a bulk job and exits like load', () => {
  it('every line IMPORTED: exit 0, submit-results.ndjson as the job’s results, the job named on stdout', async () => {
    // Prepare
    const dir = tempDir('etl-submit');
    const file = writeLines(dir, [goodAccount('SUBMIT-A'), goodAccount('SUBMIT-B')]);
    const state = path.join(dir, 'state');

    // Act
    const run = await runEtl(['submit', file, '--supplier', 'ACME', '--state', state]);

    // Assess
    expect(run.code, run.stderr).toBe(0);
    const jobId = /job ([0-9a-f-]{36}) COMPLETE/.exec(run.stdout)?.[1] as string;
    expect(jobId).toBeDefined();
    expect(JSON.parse(readFileSync(path.join(state, 'job.json'), 'utf8'))).toEqual({ job_id: jobId });
    const results = readNdjson(path.join(state, 'submit-results.ndjson'));
    expect(results.map((result) => [result.line, result.status])).toEqual([
      [1, 'IMPORTED'],
      [2, 'IMPORTED'],
    ]);
    const job = await api('GET', `/v2/data-import/bulk-jobs/${jobId}/`, { token: await obtainToken() });
    expect(results).toEqual(await resultsOf(job.json));
    expect(run.stdout).toMatch(/IMPORTED\s+2/);
  });

  it('a bad line: exit 1 and the line listed with its first error, as load lists it; a dry run: every results line marked dry_run', async () => {
    // Prepare
    const dir = tempDir('etl-submit-bad');
    const bad = goodAccount('SUBMIT-BAD');
    bad.customers[0].mobile = '12';
    const file = writeLines(dir, [goodAccount('SUBMIT-C'), bad]);

    // Act
    const real = await runEtl(['submit', file, '--supplier', 'ACME', '--state', path.join(dir, 'real')]);
    const dry = await runEtl([
      'submit',
      file,
      '--supplier',
      'ACME',
      '--state',
      path.join(dir, 'dry'),
      '--dry-run',
    ]);

    // Assess
    expect(real.code, real.stderr).toBe(1);
    expect(real.stdout).toContain(
      [
        'lines not IMPORTED (line, account, status, first error):',
        `  line 2  ${bad.external_account_number}  FAILED  stage: `,
      ].join('\n'),
    );
    expect(
      readNdjson(path.join(dir, 'real', 'submit-results.ndjson')).map((result) => result.status),
    ).toEqual(['IMPORTED', 'FAILED']);
    expect(dry.code, dry.stderr).toBe(1);
    const dryResults = readNdjson(path.join(dir, 'dry', 'submit-results.ndjson'));
    expect(dryResults.map((result) => [result.status, result.dry_run])).toEqual([
      ['IMPORTED', true],
      ['FAILED', true],
    ]);
  });
});

describe('etl submit follows its job when the answer to its start was lost', () => {
  it('a start answered 502 after it started the job, retried under the same Idempotency-Key and answered the first 202 again: the job is followed to its end', async () => {
    // Prepare: a client whose first start reaches the API, then loses its answer (API Gateway's 502)
    const dir = tempDir('etl-submit-lost-start');
    const file = writeLines(dir, [goodAccount('SUBMIT-LOST-START')]);
    const starts: number[] = [];
    const client = createDataImportClient({
      baseUrl: apiUrl(''),
      apiKey: 'local-dev-key-acme',
      sleep: async () => undefined,
      fetch: async (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        const response = await fetch(request);
        if (request.method !== 'POST' || !request.url.endsWith('/start/')) return response;
        starts.push(response.status);
        if (starts.length > 1) return response;
        await response.arrayBuffer();
        return new Response('{"message": "Internal server error"}', { status: 502 });
      },
    });
    const quiet = new Writable({
      write: (_chunk, _encoding, done) => done(),
    }) as unknown as NodeJS.WriteStream;

    // Act
    const summary = await submit(client, {
      file,
      supplier: 'ACME',
      stateDir: path.join(dir, 'state'),
      dryRun: false,
      progressStream: quiet,
    });

    // Assess
    expect(starts).toEqual([202, 202]);
    expect(summary.job).toMatchObject({ state: 'COMPLETE', lines: { total: 1, imported: 1 } });
    expect(readNdjson(summary.resultsFile as string).map((result) => result.status)).toEqual(['IMPORTED']);
  });
});

describe('etl job status and job abort', () => {
  it('status prints the job object; abort of a finished job says why and exits 1', async () => {
    // Prepare
    const dir = tempDir('etl-job');
    const file = writeLines(dir, [{ external_account_number: 'SUBMIT-DRY', account_type: 'NOT-A-TYPE' }]);
    const submitted = await runEtl(['submit', file, '--supplier', 'ACME', '--state', dir, '--dry-run']);
    const jobId = JSON.parse(readFileSync(path.join(dir, 'job.json'), 'utf8')).job_id;

    // Act
    const status = await runEtl(['job', 'status', jobId]);
    const abort = await runEtl(['job', 'abort', jobId]);

    // Assess
    expect(submitted.code).toBe(1);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ job_id: jobId, state: 'COMPLETE', dry_run: true });
    expect(abort.code).toBe(1);
    expect(abort.stderr).toContain('bulk_job_finished');
  });

  it.each([
    [['job'], 'job needs status or abort'],
    [['job', 'status'], 'exactly one JOB_ID'],
    [['job', 'pause', 'x'], 'unknown job command'],
    [['submit', 'x.ndjson', '--supplier', 'ACME'], 'no such file'],
    [['submit', 'package.json'], 'submit needs --supplier CODE'],
    [
      ['submit', 'package.json', '--supplier', 'ACME', '--concurrency', '4'],
      '--concurrency and --retry belong to load',
    ],
  ])('usage error %j: exit 2', async (args, message) => {
    // Act
    const run = await runEtl(args);

    // Assess
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});

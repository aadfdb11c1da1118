import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { resultsOf } from '../bulk-jobs/support.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { goodBundle, readNdjson, runEtl, tempDir, writeBundles } from './support/etl.js';

vi.setConfig({ testTimeout: 120_000 });

describe('etl submit loads the file as a bulk job and exits like load', () => {
  it('every line IMPORTED: exit 0, results.ndjson as the job’s results, the job named on stdout', async () => {
    // Prepare
    const dir = tempDir('etl-submit');
    const file = writeBundles(dir, [await goodBundle('SUBMIT-A'), await goodBundle('SUBMIT-B')]);
    const state = path.join(dir, 'state');

    // Act
    const run = await runEtl(['submit', file, '--supplier', 'ACME', '--state', state]);

    // Assess
    expect(run.code, run.stderr).toBe(0);
    const jobId = /job ([0-9a-f-]{36}) COMPLETE/.exec(run.stdout)?.[1] as string;
    expect(jobId).toBeDefined();
    expect(JSON.parse(readFileSync(path.join(state, 'job.json'), 'utf8'))).toEqual({ job_id: jobId });
    const results = readNdjson(path.join(state, 'results.ndjson'));
    expect(results.map((result) => [result.line, result.status])).toEqual([
      [1, 'IMPORTED'],
      [2, 'IMPORTED'],
    ]);
    const job = await api('GET', `/v2/data-import/bulk-jobs/${jobId}/`, { token: await obtainToken() });
    expect(results).toEqual(await resultsOf(job.json));
    expect(run.stdout).toMatch(/IMPORTED\s+2/);
  });

  it('a bad line: exit 1; a dry run: every results line marked dry_run', async () => {
    // Prepare
    const dir = tempDir('etl-submit-bad');
    const bad = await goodBundle('SUBMIT-BAD');
    bad.account.customers = [{ given_name: 'Ada', family_name: 'Lovelace', mobile: '12' }];
    const file = writeBundles(dir, [await goodBundle('SUBMIT-C'), bad]);

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
    expect(readNdjson(path.join(dir, 'real', 'results.ndjson')).map((result) => result.status)).toEqual([
      'IMPORTED',
      'FAILED',
    ]);
    expect(dry.code, dry.stderr).toBe(1);
    const dryResults = readNdjson(path.join(dir, 'dry', 'results.ndjson'));
    expect(dryResults.map((result) => [result.status, result.dry_run])).toEqual([
      ['IMPORTED', true],
      ['FAILED', true],
    ]);
  });
});

describe('etl job status and job abort', () => {
  it('status prints the job object; abort of a finished job says why and exits 1', async () => {
    // Prepare
    const dir = tempDir('etl-job');
    const file = writeBundles(dir, [{ account: { external_account_number: 'SUBMIT-DRY' } }]);
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

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { setSupplierStatus } from '../../functions/store/supplier-store.js';
import { accountPayload } from '../accounts/support/accounts.js';
import { newSupplierWithKey } from '../accounts/support/seed-processes.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { bulkJobPaths, createJob, resultsOf, upload, waitForJob } from './support.js';

const exec = promisify(execFile);

vi.setConfig({ testTimeout: 120_000 });

async function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', 'infra/ops/cli.ts', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('operators see unfinished bulk jobs and hand one to the reader again', () => {
  it('a resumed job sends its chunks again; it still runs each line once and counts it once', async () => {
    // Prepare: a job held up by its paused supplier, so it stays unfinished.
    const { supplier, apiKey } = await newSupplierWithKey('BJOPS');
    const token = await obtainToken(apiKey);
    const externals = Array.from({ length: 6 }, (_, i) => `BJOPS-${i}-${randomUUID().slice(0, 6)}`);
    const created = (await createJob(token, { import_supplier: supplier, dry_run: true })).json;
    const content = externals.map((external) =>
      JSON.stringify(accountPayload({ external_account_number: external }, supplier)),
    );
    expect(await upload(created.upload.url, content.join('\n'))).toBe(200);
    expect((await api('POST', bulkJobPaths.start(created.job_id), { token })).status).toBe(202);
    await setSupplierStatus(supplier, 'Paused');
    await waitForJob(token, created.job_id, (job) => job.lines.total !== null);

    // Act
    const unfinished = await ops('bulk-job', 'unfinished');
    const resumed = await ops('bulk-job', 'resume', created.job_id);
    await setSupplierStatus(supplier, 'Ongoing');
    const job = await waitForJob(token, created.job_id, (current) => current.finished_at !== null);
    const again = await ops('bulk-job', 'resume', created.job_id);

    // Assess
    expect(unfinished.code, unfinished.stderr).toBe(0);
    expect(unfinished.stdout).toContain(`${created.job_id}  IN_PROGRESS  ${supplier}`);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(job).toMatchObject({
      state: 'COMPLETE',
      lines: { total: 6, processed: 6, imported: 6, failed: 0, not_processed: 0 },
    });
    expect((await resultsOf(job)).map((result) => result.line)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('nothing to resume');
  });
});

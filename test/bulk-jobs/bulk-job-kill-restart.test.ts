import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDataImportClient, type DataImportClient } from '../../client/data-import-client.js';
import { accountPayload } from '../accounts/support/accounts.js';
import { type Running, runtimeOnOwnData } from '../support/killable-runtime.js';
import { putAccountDocuments } from '../support/realistic-accounts/documents.js';
import { startJob } from './job-driver.js';
import { resultsOf, waitForJob } from './support.js';

/**
 * A bulk job survives a `kill -9` of the whole local runtime (`npm start -- --data-dir`, DynamoDB
 * Local's JVM included) in the middle of its lines, and a restart on the same data: the job
 * finishes with every line's outcome what an uninterrupted run gives, each line run to one
 * outcome (each account created once), and its counts exact. The runtime runs its bulk
 * functions with 15 s timeouts, so the claims of the lines in flight at the kill end soon after.
 */
/** Enough lines (stage and process each) that the kill lands while the job runs. */
const LINES = 120;

vi.setConfig({ testTimeout: 600_000 });

const clientOf = (running: Running) =>
  createDataImportClient({ baseUrl: running.url, apiKey: 'local-dev-key-acme' });

/** A line: an EnergyAccount of ACME with its notes, statements, transactions and payment instructions. */
const accountLine = (external: string) =>
  JSON.stringify(accountPayload({ external_account_number: external }));

/** Creates, uploads and starts a job over `lines`; its id. */
async function startJobOver(client: DataImportClient, lines: string[]): Promise<string> {
  return (await startJob(client, `${lines.join('\n')}\n`)).jobId;
}

/**
 * Polls every 100 ms (to see the job mid-way before the kill), for at most what the restart, the
 * 15 s claims of the lines in flight and the rest of the lines take on a loaded machine.
 */
const POLL = { timeoutMs: 300_000, intervalMs: 100 };

/** A result line with the run's account numbers replaced, to compare two runs of twin files. */
const comparable = (result: Record<string, unknown>, run: string) =>
  JSON.parse(
    JSON.stringify(result)
      .replaceAll(run, 'RUN')
      .replace(/"service_account_number":"A-[0-9A-F]{8}"/, '"service_account_number":"A-…"'),
  );

describe('A bulk job interrupted by kill -9 of the runtime finishes after a restart as an uninterrupted one does', () => {
  const runtime = runtimeOnOwnData('bulk-kill-');
  const timeouts = {
    DATA_IMPORT_BULK_WORKER_TIMEOUT_SECONDS: process.env.DATA_IMPORT_BULK_WORKER_TIMEOUT_SECONDS,
    DATA_IMPORT_BULK_READER_TIMEOUT_SECONDS: process.env.DATA_IMPORT_BULK_READER_TIMEOUT_SECONDS,
  };

  afterAll(() => {
    Object.assign(process.env, timeouts);
  });

  it('every line ends IMPORTED once, each account is created once under the number its line reports, the counts are exact', async () => {
    // Prepare
    process.env.DATA_IMPORT_BULK_WORKER_TIMEOUT_SECONDS = '15';
    process.env.DATA_IMPORT_BULK_READER_TIMEOUT_SECONDS = '15';
    const run = `BKILL-${randomUUID().slice(0, 8)}`;
    const twin = `BTWIN-${randomUUID().slice(0, 8)}`;
    const externals = (prefix: string) => Array.from({ length: LINES }, (_, i) => `${prefix}-${i}`);
    const first = await runtime.start();
    // The documents the lines' accounts name, in this runtime's own file store.
    await putAccountDocuments(['migrations/acme'], first.documents);
    const jobId = await startJobOver(clientOf(first), externals(run).map(accountLine));
    const atKill = await waitForJob(clientOf(first), jobId, (job) => job.lines.processed >= 4, POLL);

    // Act
    await runtime.kill('SIGKILL');
    const client = clientOf(await runtime.start());
    const job = await waitForJob(client, jobId, (current) => current.finished_at !== null, POLL);
    const uninterrupted = await waitForJob(
      client,
      await startJobOver(client, externals(twin).map(accountLine)),
      (current) => current.finished_at !== null,
      POLL,
    );

    // Assess
    expect(atKill.finished_at, 'the kill came after the job had ended').toBeNull();
    const results = await resultsOf(job);
    expect(job.state).toBe('COMPLETE');
    expect(job.lines).toEqual({
      total: LINES,
      processed: LINES,
      imported: LINES,
      partial: 0,
      failed: 0,
      not_processed: 0,
    });
    expect(results.map((result) => comparable(result, run))).toEqual(
      (await resultsOf(uninterrupted)).map((result) => comparable(result, twin)),
    );
    expect(new Set(results.map((result) => result.service_account_number)).size).toBe(LINES);
    for (const [index, external] of externals(run).entries()) {
      // biome-ignore lint/suspicious/noExplicitAny: the summary is checked field by field
      const summary = await client.getJson<any>(`/v1/data-import/account-summary/ACME/${external}/`);
      expect(summary.status, external).toBe(200);
      expect(summary.body.service_account_number, external).toBe(results[index].service_account_number);
    }
  });
});

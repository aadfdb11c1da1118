import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it, vi } from 'vitest';
import { sendReadMessage } from '../../functions/adapters/queue/bulk-job-reader-queue.js';
import { readMessage } from '../../functions/rules/bulk-jobs/engine.js';
import { setSupplierStatus } from '../../functions/store/supplier-store.js';
import { accountPayload } from '../accounts/support/accounts.js';
import { newSupplierWithKey } from '../accounts/support/seed-processes.js';
import { goodAccount, readNdjson, runEtl, tempDir } from '../client/support/etl.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { bulkJobPaths, createJob, resultsOf, runJob, upload, waitForJob } from './support.js';

vi.setConfig({ testTimeout: 180_000 });

const LINES_OF_SMALL_JOB = 200;

/** The lines of a file of accounts with good and bad lines, each account numbered under `prefix`. */
async function mixedLines(prefix: string): Promise<string[]> {
  const good = goodAccount(`${prefix}-GOOD`);
  const badPhone = goodAccount(`${prefix}-PHONE`);
  badPhone.customers[0].mobile = '12';
  const wrapped = { account: goodAccount(`${prefix}-WRAPPED`), notes: [] };
  const embedded = goodAccount(`${prefix}-EMBEDDED`);
  const badStatement = goodAccount(`${prefix}-STATEMENT`);
  badStatement.statements[0].bill_period_to_date = '2023-12-01';
  const otherSupplier = goodAccount(`${prefix}-OTHER`);
  otherSupplier.import_supplier = 'GLOBEX';
  return [
    JSON.stringify(good),
    JSON.stringify(badPhone),
    '',
    JSON.stringify(wrapped),
    '{"external_account_number": not json',
    JSON.stringify(embedded),
    '   ',
    JSON.stringify({ external_account_number: `${prefix}-SHAPE`, extra: true }),
    JSON.stringify(badStatement),
    `${JSON.stringify(otherSupplier)}\r`,
  ];
}

/** A result line with what differs between two loads of twin files (account numbers) replaced. */
function comparable(result: Record<string, unknown>, prefix: string) {
  return JSON.parse(
    JSON.stringify(result)
      .replaceAll(prefix, 'PREFIX')
      .replace(/"service_account_number":"A-[0-9A-F]{8}"/, '"service_account_number":"A-…"')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID'),
  );
}

describe('a job loads each line exactly as `npm run etl -- load` does', () => {
  it('a file of good and bad lines (CRLF, blank lines, not JSON, the old wrapper, rules of the account and of its embedded items, another supplier): the same status and errors per line as the CLI, counts and results in line order', async () => {
    // Prepare: twin files, the same lines for different accounts.
    const dir = tempDir('bulk-mixed');
    const cliPrefix = `BJC-${randomUUID().slice(0, 8)}`;
    const jobPrefix = `BJJ-${randomUUID().slice(0, 8)}`;
    const cliFile = path.join(dir, 'cli.ndjson');
    writeFileSync(cliFile, `${(await mixedLines(cliPrefix)).join('\n')}\n`);
    const jobContent = `${(await mixedLines(jobPrefix)).join('\n')}\n`;

    // Act
    const cli = await runEtl(['load', cliFile, '--supplier', 'ACME', '--state', path.join(dir, 'state')]);
    const { job, results } = await runJob(jobContent);

    // Assess
    expect(cli.code, cli.stderr).toBe(1);
    const cliResults = readNdjson(path.join(dir, 'state', 'results.ndjson'));
    expect(results.map((result) => comparable(result, jobPrefix))).toEqual(
      cliResults.map((result) => comparable(result, cliPrefix)),
    );
    expect(results.map((result) => [result.line, result.status])).toEqual([
      [1, 'IMPORTED'],
      [2, 'FAILED'],
      [4, 'FAILED'],
      [5, 'FAILED'],
      [6, 'IMPORTED'],
      [8, 'FAILED'],
      [9, 'FAILED'],
      [10, 'FAILED'],
    ]);
    const errorsOf = (line: number) => results.find((result) => result.line === line)?.errors;
    expect(errorsOf(2)).toContainEqual(
      expect.objectContaining({ step: 'stage', code: 'invalid_phone_number', attr: 'customers.0.mobile' }),
    );
    expect(errorsOf(4)).toEqual([expect.objectContaining({ step: 'parse', code: 'invalid_line' })]);
    expect(errorsOf(8)).toContainEqual(expect.objectContaining({ step: 'stage', code: 'unknown_field' }));
    expect(errorsOf(9)).toContainEqual(
      expect.objectContaining({ step: 'stage', attr: 'statements.0.bill_period_to_date' }),
    );
    expect(errorsOf(10)).toEqual([
      expect.objectContaining({ step: 'stage', code: 'import_supplier_mismatch', attr: 'import_supplier' }),
    ]);
    expect(job).toMatchObject({
      state: 'COMPLETE',
      lines: { total: 8, processed: 8, imported: 2, partial: 0, failed: 6, not_processed: 0 },
      error: null,
    });
    expect(job.started_at).toEqual(expect.any(String));
  });

  it('a line in the old bundle wrapper is refused by both with invalid_line and a problem saying the account goes on the line itself', async () => {
    // Prepare
    const dir = tempDir('bulk-wrapper');
    const wrapper = (prefix: string) =>
      JSON.stringify({ account: goodAccount(prefix), transactions: [], notes: [], statements: [] });
    const cliPrefix = `BJWC-${randomUUID().slice(0, 8)}`;
    const jobPrefix = `BJWJ-${randomUUID().slice(0, 8)}`;
    const cliFile = path.join(dir, 'cli.ndjson');
    writeFileSync(cliFile, `${wrapper(cliPrefix)}\n`);

    // Act
    const cli = await runEtl(['load', cliFile, '--supplier', 'ACME', '--state', path.join(dir, 'state')]);
    const { results } = await runJob(`${wrapper(jobPrefix)}\n`);

    // Assess
    const [cliResult] = readNdjson(path.join(dir, 'state', 'results.ndjson'));
    expect(cli.code).toBe(1);
    for (const [result, prefix] of [
      [cliResult, cliPrefix],
      [results[0], jobPrefix],
    ]) {
      expect(result).toEqual({
        line: 1,
        external_account_number: expect.stringContaining(prefix),
        service_account_number: null,
        status: 'FAILED',
        errors: [
          {
            step: 'parse',
            code: 'invalid_line',
            attr: null,
            detail:
              'the bundle wrapper {"account", "transactions", "notes", "statements", "payment_instruction"} ' +
              'is no longer accepted: put the account itself on the line, with its notes, statements, ' +
              'transactions and payment instructions inside it',
          },
        ],
      });
    }
  });

  it('loading the same file again in a new job leaves every account as it was and reports its good lines IMPORTED', async () => {
    // Prepare
    const first = goodAccount('BJAGAIN-1');
    const second = goodAccount('BJAGAIN-2');
    const content = `${JSON.stringify(first)}\n${JSON.stringify(second)}\n`;
    const once = await runJob(content);

    // Act
    const again = await runJob(content);

    // Assess
    expect(again.job.lines).toMatchObject({ total: 2, imported: 2 });
    expect(again.results).toEqual(once.results);
  });

  it('a line over 10 MB is FAILED with line_too_large and never read; the other lines load', async () => {
    // Prepare
    const good = goodAccount('BJBIG');
    const huge = JSON.stringify(goodAccount('BJBIG-HUGE', { billing_name: 'x'.repeat(10 * 1024 * 1024) }));

    // Act
    const { job, results } = await runJob(`${huge}\n${JSON.stringify(good)}\n`);

    // Assess
    expect(results).toEqual([
      {
        line: 1,
        external_account_number: null,
        service_account_number: null,
        status: 'FAILED',
        errors: [expect.objectContaining({ step: 'parse', code: 'line_too_large', attr: null })],
      },
      expect.objectContaining({ line: 2, status: 'IMPORTED' }),
    ]);
    expect(job.lines).toMatchObject({ total: 2, imported: 1, failed: 1 });
  });
});

describe('a dry-run job validates each line as `etl load --dry-run` does, and keeps nothing', () => {
  it('the same results as the CLI’s dry run, every line marked dry_run; no account is staged', async () => {
    // Prepare
    const dir = tempDir('bulk-dry');
    const cliPrefix = `BJDC-${randomUUID().slice(0, 8)}`;
    const jobPrefix = `BJDJ-${randomUUID().slice(0, 8)}`;
    const cliFile = path.join(dir, 'cli.ndjson');
    writeFileSync(cliFile, `${(await mixedLines(cliPrefix)).join('\n')}\n`);
    const jobLines = await mixedLines(jobPrefix);

    // Act
    const cli = await runEtl([
      'load',
      cliFile,
      '--supplier',
      'ACME',
      '--state',
      path.join(dir, 'state'),
      '--dry-run',
    ]);
    const { job, results } = await runJob(`${jobLines.join('\n')}\n`, { dryRun: true });

    // Assess
    expect(cli.code, cli.stderr).toBe(1);
    const cliResults = readNdjson(path.join(dir, 'state', 'results.ndjson'));
    expect(results.map((result) => comparable(result, jobPrefix))).toEqual(
      cliResults.map((result) => comparable(result, cliPrefix)),
    );
    expect(results.every((result) => result.dry_run === true)).toBe(true);
    expect(job).toMatchObject({ state: 'COMPLETE', dry_run: true });
    const good = JSON.parse(jobLines[0] as string);
    const status = await api(
      'GET',
      `/v1/data-import/account-transfer-status/ACME/${encodeURIComponent(good.external_account_number)}/`,
      { token: await obtainToken() },
    );
    expect(status.status).toBe(404);
  });
});

describe('abort, and a supplier paused during a job', () => {
  it('a supplier paused during a job starts no line until Ongoing; an abort then leaves every line not started NOT_PROCESSED, counts exact', async () => {
    // Prepare: a supplier of its own, paused as soon as the job has started.
    const { supplier, apiKey } = await newSupplierWithKey('BJPAUSE');
    const token = await obtainToken(apiKey);
    // Enough lines that chunks hold several each.
    const bundles = Array.from({ length: LINES_OF_SMALL_JOB }, (_, index) =>
      accountPayload({ external_account_number: `BJP-${index}-${randomUUID().slice(0, 6)}` }, supplier),
    );
    const created = (await createJob(token, { import_supplier: supplier, dry_run: true })).json;
    expect(await upload(created.upload.url, bundles.map((bundle) => JSON.stringify(bundle)).join('\n'))).toBe(
      200,
    );

    // Act
    expect((await api('POST', bulkJobPaths.start(created.job_id), { token })).status).toBe(202);
    await setSupplierStatus(supplier, 'Paused');
    const read = await waitForJob(token, created.job_id, (job) => job.lines.total !== null);
    const listed = await api('GET', bulkJobPaths.jobs, { token, query: { import_supplier: supplier } });
    const aborted = await api('POST', bulkJobPaths.abort(created.job_id), { token });
    await setSupplierStatus(supplier, 'Ongoing');
    const job = await waitForJob(token, created.job_id, (current) => current.finished_at !== null);
    const results = await resultsOf(job);

    // Assess
    expect(aborted.status).toBe(200);
    expect(aborted.json.state).toBe('ABORTED');
    expect(job.state).toBe('ABORTED');
    expect(read.lines.total).toBe(LINES_OF_SMALL_JOB);
    // The list shows a running job with its counts so far, as its own read does.
    expect(listed.json).toEqual([
      expect.objectContaining({ job_id: created.job_id, state: 'IN_PROGRESS', lines: expect.any(Object) }),
    ]);
    expect(listed.json[0].lines.total).toBe(LINES_OF_SMALL_JOB);
    expect(results.map((result) => result.line)).toEqual(bundles.map((_, index) => index + 1));
    const notProcessed = results.filter((result) => result.status === 'NOT_PROCESSED');
    expect(notProcessed.length).toBe(job.lines.not_processed);
    expect(notProcessed.length).toBeGreaterThan(0);
    expect(job.lines.processed + job.lines.not_processed).toBe(LINES_OF_SMALL_JOB);
    for (const result of notProcessed) {
      expect(result).toEqual({
        line: result.line,
        external_account_number: bundles[result.line - 1]?.external_account_number,
        service_account_number: null,
        status: 'NOT_PROCESSED',
        errors: [],
        dry_run: true,
      });
    }
  });
});

/** The local reader queue's messages: waiting, in flight, and delayed. */
async function readerQueue(): Promise<{ waiting: number; inFlight: number; delayed: number }> {
  // The local endpoint, not the host its queue URLs name.
  const sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  try {
    const { Attributes = {} } = await sqs.send(
      new GetQueueAttributesCommand({
        QueueUrl: process.env.DATA_IMPORT_BULK_READER_QUEUE_URL,
        AttributeNames: [
          'ApproximateNumberOfMessages',
          'ApproximateNumberOfMessagesNotVisible',
          'ApproximateNumberOfMessagesDelayed',
        ],
      }),
    );
    return {
      waiting: Number(Attributes.ApproximateNumberOfMessages),
      inFlight: Number(Attributes.ApproximateNumberOfMessagesNotVisible),
      delayed: Number(Attributes.ApproximateNumberOfMessagesDelayed),
    };
  } finally {
    sqs.destroy();
  }
}

describe('a read message that reaches the reader before its job is started', () => {
  it('is looked at again later; the job, started meanwhile, is read once and each line counted once', async () => {
    // Prepare: an uploaded job, still OPEN, and a read message for it (as a start whose state
    // write has not landed yet leaves one).
    const { supplier, apiKey } = await newSupplierWithKey('BJEARLY');
    const token = await obtainToken(apiKey);
    const externals = Array.from({ length: 5 }, (_, i) => `BJE-${i}-${randomUUID().slice(0, 6)}`);
    const created = (await createJob(token, { import_supplier: supplier, dry_run: true })).json;
    const content = externals.map((external) =>
      JSON.stringify(accountPayload({ external_account_number: external }, supplier)),
    );
    expect(await upload(created.upload.url, content.join('\n'))).toBe(200);
    await sendReadMessage(readMessage(created.job_id, 'continue'));

    // Act: the reader finds the job OPEN and hands the message back, delayed; the job starts.
    await vi.waitFor(
      async () => {
        const job = await api('GET', bulkJobPaths.job(created.job_id), { token });
        expect(job.json.state).toBe('OPEN');
        expect((await readerQueue()).delayed).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect((await api('POST', bulkJobPaths.start(created.job_id), { token })).status).toBe(202);
    const finished = await waitForJob(token, created.job_id, (job) => job.finished_at !== null);
    // The early message comes back once the job is read, and finds nothing left to read.
    await vi.waitFor(
      async () => expect(await readerQueue()).toEqual({ waiting: 0, inFlight: 0, delayed: 0 }),
      {
        timeout: 60_000,
        interval: 250,
      },
    );
    const after = (await api('GET', bulkJobPaths.job(created.job_id), { token })).json;

    // Assess
    expect(finished).toMatchObject({
      state: 'COMPLETE',
      lines: { total: 5, processed: 5, imported: 5, failed: 0, not_processed: 0 },
    });
    expect((await resultsOf(finished)).map((result) => result.line)).toEqual([1, 2, 3, 4, 5]);
    expect({ ...after, results_url: null }).toEqual({ ...finished, results_url: null });
  });
});

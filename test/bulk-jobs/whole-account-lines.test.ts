import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { handler as process } from '../../functions/handlers/process-account.js';
import { handler as stage } from '../../functions/handlers/stage-account.js';
import { handler as validate } from '../../functions/handlers/validate-account.js';
import { withoutNulls } from '../../functions/rules/account/account.js';
import { accountPayload } from '../accounts/support/accounts.js';
import { newSupplierWithKey } from '../accounts/support/seed-processes.js';
import { readNdjson, runEtl, tempDir } from '../client/support/etl.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { realisticAccounts, withFreshIdentifiers } from '../support/realistic-accounts/index.js';
import { readingStagedBeforeProcess } from '../support/staged-before-process.js';
import { jobRunHere, resultsOf, runJob, waitForJob } from './support.js';

vi.setConfig({ testTimeout: 180_000 });

/** The embedded items an account carries, by field. */
const EMBEDDED = [
  'notes',
  'statements',
  'current_statement_transactions',
  'historical_statement_transactions',
  'payment_instructions',
] as const;

describe('Rule: a job stages a line’s account whole, its embedded items inside it, then processes it', () => {
  it('what is staged just before process is the whole account of the line; the line ends IMPORTED and the account summary shows it imported', async () => {
    // Prepare
    const { supplier, apiKey } = await newSupplierWithKey('BJWHOLE');
    const token = await obtainToken(apiKey);
    const account = accountPayload({}, supplier);
    for (const field of EMBEDDED) expect(account[field].length, field).toBeGreaterThan(0);
    const { jobId, runChunk } = await jobRunHere(token, supplier, [JSON.stringify(account)]);
    const reading = readingStagedBeforeProcess(process);

    // Act
    const outcome = await runChunk({ validate, stage, process: reading.handler });
    const job = await waitForJob(token, jobId, (current) => current.finished_at !== null);

    // Assess
    expect(outcome).toEqual({ outcome: 'done' });
    expect(reading.staged.get(account.external_account_number)).toEqual(withoutNulls(account));
    const [result] = await resultsOf(job);
    expect(result).toMatchObject({ line: 1, status: 'IMPORTED', errors: [] });
    const summary = await api(
      'GET',
      `/v1/data-import/account-summary/${supplier}/${encodeURIComponent(account.external_account_number)}/`,
      { token },
    );
    expect(summary.status).toBe(200);
    expect(summary.json.service_account_number).toBe(result.service_account_number);
  });
});

describe('Rule: the realistic accounts, one file of them, load IMPORTED through `etl load` and through a bulk job', () => {
  it('every realistic account (fresh identifiers) is IMPORTED by each, line for line', async () => {
    // Prepare
    const fileOf = () =>
      realisticAccounts()
        .map(({ account }) => `${JSON.stringify(withFreshIdentifiers(account))}\n`)
        .join('');
    const names = realisticAccounts().map(({ name }) => name);
    const dir = tempDir(`bulk-realistic-${randomUUID().slice(0, 6)}`);
    const cliFile = path.join(dir, 'realistic.ndjson');
    writeFileSync(cliFile, fileOf());

    // Act
    const cli = await runEtl(['load', cliFile, '--supplier', 'ACME', '--state', path.join(dir, 'state')]);
    const { job, results } = await runJob(fileOf());

    // Assess
    const cliResults = readNdjson(path.join(dir, 'state', 'results.ndjson'));
    const statuses = (lines: { line: number; status: string; errors: unknown[] }[]) =>
      lines.map((line) => [names[line.line - 1], line.status, line.errors]);
    const imported = names.map((name) => [name, 'IMPORTED', []]);
    expect(statuses(cliResults)).toEqual(imported);
    expect(cli.code, cli.stdout).toBe(0);
    expect(statuses(results)).toEqual(imported);
    expect(job).toMatchObject({ state: 'COMPLETE', lines: { total: names.length, imported: names.length } });
  });
});

import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, withoutNulls } from '../../functions/rules/account/account.js';
import { type ApiServer, type ProxyHandler, startApiServer } from '../../infra/local/api-server.js';
import { loadHandler } from '../../infra/local/handlers.js';
import { obtainToken } from '../support/auth.js';
import { readEvents, waitForEvents } from '../support/events-file.js';
import { api } from '../support/http.js';
import { readingStagedBeforeProcess } from '../support/staged-before-process.js';
import { goodAccount, readNdjson, runEtl, startEtl, tempDir, writeLines } from './support/etl.js';

async function getAccount(route: 'account-transfer-status' | 'account-summary', external: string) {
  return api('GET', `/v1/data-import/${route}/ACME/${encodeURIComponent(external)}/`, {
    token: await obtainToken(),
  });
}

describe('etl load reports each line and exits 1 unless every line is IMPORTED', () => {
  it('good lines are IMPORTED; a bad phone FAILS at staging; a line that is not JSON, and a line in the old bundle wrapper, FAIL at parse with invalid_line', async () => {
    // Prepare
    const dir = tempDir('etl-bad-lines');
    const good = goodAccount('ETL-GOOD');
    const badPhone = goodAccount('ETL-PHONE');
    badPhone.customers[0].mobile = '12';
    const wrapped = goodAccount('ETL-WRAPPED');
    const file = writeLines(dir, [good, badPhone, { account: wrapped, notes: [] }]);
    appendFileSync(file, '{"external_account_number": not json\n');
    const state = path.join(dir, 'state');

    // Act
    const run = await runEtl(['load', file, '--supplier', 'ACME', '--state', state, '--concurrency', '3']);

    // Assess
    expect(run.code, run.stderr).toBe(1);
    const results = readNdjson(path.join(state, 'results.ndjson'));
    expect(results.map((result) => [result.line, result.status])).toEqual([
      [1, 'IMPORTED'],
      [2, 'FAILED'],
      [3, 'FAILED'],
      [4, 'FAILED'],
    ]);
    expect(results[0]).toMatchObject({ external_account_number: good.external_account_number, errors: [] });
    expect(results[0].service_account_number).toMatch(/^A-[0-9A-F]{8}$/);
    expect(results[1]).toMatchObject({ service_account_number: null });
    expect(results[1].errors).toContainEqual(
      expect.objectContaining({ step: 'stage', code: 'invalid_phone_number', attr: 'customers.0.mobile' }),
    );
    expect(results[2]).toMatchObject({
      external_account_number: wrapped.external_account_number,
      service_account_number: null,
      errors: [
        {
          step: 'parse',
          code: 'invalid_line',
          attr: null,
          detail: expect.stringContaining('bundle wrapper'),
        },
      ],
    });
    expect(results[3].errors).toEqual([
      { step: 'parse', code: 'invalid_line', attr: null, detail: 'the line is not valid JSON' },
    ]);
    expect(run.stdout).toMatch(/IMPORTED\s+1/);
    expect(run.stdout).toMatch(/FAILED\s+3/);
  });
});

describe('a line’s account is staged whole, its notes, statements, transactions and payment instructions inside it, then processed', () => {
  let server: ApiServer;
  const process = { staged: new Map<string, Account | undefined>() };
  beforeAll(async () => {
    const load = async (id: string) => {
      const module = (await loadHandler(id)) as { handler: ProxyHandler };
      if (id !== 'process-account') return module;
      const reading = readingStagedBeforeProcess(module.handler);
      process.staged = reading.staged;
      return { ...module, handler: reading.handler };
    };
    server = await startApiServer({ port: 0, loadHandler: load });
  });
  afterAll(() => server.stop());

  it('what is staged just before process is the whole account of the line; the line ends IMPORTED and the account summary shows it imported', async () => {
    // Prepare
    const dir = tempDir('etl-embedded');
    const account = goodAccount('ETL-EMBEDDED');
    for (const field of [
      'notes',
      'statements',
      'current_statement_transactions',
      'historical_statement_transactions',
      'payment_instructions',
    ]) {
      expect(account[field].length, field).toBeGreaterThan(0);
    }
    const file = writeLines(dir, [account]);
    const state = path.join(dir, 'state');

    // Act
    const run = await runEtl(['load', file, '--supplier', 'ACME', '--state', state], undefined, server.url);

    // Assess
    expect(run.code, run.stderr).toBe(0);
    const staged = process.staged.get(account.external_account_number);
    expect(staged).toEqual(withoutNulls(account));
    const [result] = readNdjson(path.join(state, 'results.ndjson'));
    expect(result).toMatchObject({ status: 'IMPORTED', errors: [] });
    const summary = await getAccount('account-summary', account.external_account_number);
    expect(summary.status).toBe(200);
    expect(summary.json.service_account_number).toBe(result.service_account_number);
  });
});

describe('etl status prints counts per status from the state directory', () => {
  it('counts the results of a load and exits 0', async () => {
    // Prepare
    const dir = tempDir('etl-status');
    const bad = goodAccount('ETL-STATUS-BAD');
    bad.customers[0].mobile = '12';
    const file = writeLines(dir, [goodAccount('ETL-STATUS'), bad]);
    const state = path.join(dir, 'state');
    await runEtl(['load', file, '--supplier', 'ACME', '--state', state]);

    // Act
    const run = await runEtl(['status', '--state', state]);

    // Assess
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/IMPORTED\s+1/);
    expect(run.stdout).toMatch(/PARTIAL\s+0/);
    expect(run.stdout).toMatch(/FAILED\s+1/);
  });
});

describe('etl exits 2 on usage errors', () => {
  it.each([
    [['load']],
    [['load', 'missing-file.ndjson', '--supplier', 'ACME']],
    [['frobnicate']],
    [['load', 'package.json']],
    [['load', 'package.json', '--supplier', 'ACME', '--concurrency', 'zero']],
    [['status', '--bogus']],
  ])('%j', async (args) => {
    const run = await runEtl(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('usage:');
  });
});

describe('etl load resumes after kill -9: nothing lost, nothing duplicated', () => {
  it('the same command after a kill -9 mid-run imports every line exactly once', async () => {
    // Prepare
    const dir = tempDir('etl-kill');
    const accounts = Array.from({ length: 16 }, () => goodAccount('ETL-KILL'));
    const file = writeLines(dir, accounts);
    const state = path.join(dir, 'state');
    const args = ['load', file, '--supplier', 'ACME', '--state', state, '--concurrency', '4'];
    const first = startEtl(args);
    const journal = path.join(state, 'journal.ndjson');
    const journalLines = () => {
      try {
        return readFileSync(journal, 'utf8').split('\n').length - 1;
      } catch {
        return 0;
      }
    };
    while (journalLines() < 12) await new Promise((resolve) => setTimeout(resolve, 10));
    first.child.kill('SIGKILL');
    const killed = await first.done;

    // Act
    const second = await runEtl(args);

    // Assess
    expect(killed.signal).toBe('SIGKILL');
    expect(second.code, second.stderr).toBe(0);
    const results = readNdjson(path.join(state, 'results.ndjson'));
    expect(results).toHaveLength(accounts.length);
    expect(results.every((result) => result.status === 'IMPORTED')).toBe(true);
    for (const [index, account] of accounts.entries()) {
      const status = await getAccount('account-transfer-status', account.external_account_number);
      expect(status.status).toBe(200);
      expect(status.json).toMatchObject({
        status: 'COMPLETED',
        service_account_number: results[index].service_account_number,
      });
    }
    const reconcile = await runEtl(['reconcile', file, '--supplier', 'ACME', '--state', state]);
    expect(reconcile.code, reconcile.stdout).toBe(0);
    const accountNumbers = new Set(results.map((result) => result.service_account_number as string));
    // Other producers' events in the shared events file may carry any detail.
    const mine = (event: { detail?: { payload?: unknown } }) =>
      [...accountNumbers].some((san) => JSON.stringify(event.detail?.payload ?? {}).includes(`"${san}"`));
    await waitForEvents((event) => event['detail-type'] === 'account.created@v1' && mine(event), {
      count: accounts.length,
      timeoutMs: 60_000,
    });
    const created = readEvents().filter(
      (event) => event['detail-type'] === 'account.created@v1' && mine(event),
    );
    expect(created).toHaveLength(accounts.length);
  });
});

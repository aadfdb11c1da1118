import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { obtainToken } from '../support/auth.js';
import { readEvents, waitForEvents } from '../support/events-file.js';
import { api } from '../support/http.js';
import { goodBundle, readNdjson, runEtl, startEtl, tempDir, writeBundles } from './support/etl.js';

async function getAccount(route: 'account-transfer-status' | 'account-summary', external: string) {
  return api('GET', `/v1/data-import/${route}/ACME/${encodeURIComponent(external)}/`, {
    token: await obtainToken(),
  });
}

describe('etl load reports each line and exits 1 unless every line is IMPORTED', () => {
  it('good lines are IMPORTED; a bad phone FAILS at staging; a future transaction, a missing PDF and an unknown vendor reference leave the account PARTIAL', async () => {
    // Prepare
    const dir = tempDir('etl-bad-lines');
    const good = await goodBundle('ETL-GOOD');
    const badPhone = await goodBundle('ETL-PHONE');
    badPhone.account.customers = [{ given_name: 'Ada', family_name: 'Lovelace', mobile: '12' }];
    const future = await goodBundle('ETL-FUTURE');
    (future.transactions[1] as Record<string, unknown>).transaction_date = '2099-01-01';
    const noPdf = await goodBundle('ETL-NOPDF');
    (noPdf.statements[0] as Record<string, unknown>).statement_path = '/statements/never-uploaded.pdf';
    const unknownReference = await goodBundle('ETL-VENDOR');
    unknownReference.payment_instruction.reference = 'pm_notfound_x';
    const file = writeBundles(dir, [good, badPhone, future, noPdf, unknownReference]);
    const state = path.join(dir, 'state');

    // Act
    const run = await runEtl(['load', file, '--supplier', 'ACME', '--state', state, '--concurrency', '3']);

    // Assess
    expect(run.code, run.stderr).toBe(1);
    const results = readNdjson(path.join(state, 'results.ndjson'));
    expect(results.map((result) => [result.line, result.status])).toEqual([
      [1, 'IMPORTED'],
      [2, 'FAILED'],
      [3, 'PARTIAL'],
      [4, 'PARTIAL'],
      [5, 'PARTIAL'],
    ]);
    expect(results[0]).toMatchObject({
      external_account_number: good.account.external_account_number,
      errors: [],
    });
    expect(results[0].service_account_number).toMatch(/^A-[0-9A-F]{8}$/);
    expect(results[1]).toMatchObject({ service_account_number: null });
    expect(results[1].errors).toContainEqual(
      expect.objectContaining({ step: 'stage', attr: 'customers.0.mobile' }),
    );
    expect(results[2].errors).toEqual([
      expect.objectContaining({
        step: 'transactions',
        code: 'transaction_in_future',
        attr: 'transactions.1.transaction_date',
      }),
    ]);
    expect(results[3].errors).toEqual([
      expect.objectContaining({ step: 'statements', code: 'path_does_not_exist_in_file_store' }),
    ]);
    expect(results[4].errors).toEqual([
      expect.objectContaining({
        step: 'payment_instruction',
        code: 'payment_instruction_not_found_at_vendor',
        attr: 'reference',
      }),
    ]);
    expect(run.stdout).toMatch(/IMPORTED\s+1/);
    expect(run.stdout).toMatch(/PARTIAL\s+3/);
    expect(run.stdout).toMatch(/FAILED\s+1/);
  });
});

describe('etl status prints counts per status from the state directory', () => {
  it('counts the results of a load and exits 0', async () => {
    // Prepare
    const dir = tempDir('etl-status');
    const bad = await goodBundle('ETL-STATUS-BAD');
    bad.account.customers = [{ given_name: 'Ada', family_name: 'Lovelace', mobile: '12' }];
    const file = writeBundles(dir, [await goodBundle('ETL-STATUS'), bad]);
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
    const bundles = await Promise.all(Array.from({ length: 16 }, () => goodBundle('ETL-KILL', 20)));
    const file = writeBundles(dir, bundles);
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
    expect(results).toHaveLength(bundles.length);
    expect(results.every((result) => result.status === 'IMPORTED')).toBe(true);
    for (const [index, bundle] of bundles.entries()) {
      const external = bundle.account.external_account_number;
      const status = await getAccount('account-transfer-status', external);
      expect(status.status).toBe(200);
      expect(status.json).toMatchObject({
        status: 'COMPLETED',
        service_account_number: results[index].service_account_number,
      });
      const summary = await getAccount('account-summary', external);
      expect(summary.status).toBe(200);
      expect(summary.json.transactions.count).toBe(bundle.transactions.length);
      expect(summary.json.statements.count).toBe(bundle.statements.length);
      expect(summary.json.payment_instruction).toMatchObject(bundle.payment_instruction);
    }
    const reconcile = await runEtl(['reconcile', file, '--supplier', 'ACME', '--state', state]);
    expect(reconcile.code, reconcile.stdout).toBe(0);
    const accountNumbers = new Set(results.map((result) => result.service_account_number as string));
    // Other producers' events in the shared events file may carry any detail.
    const mine = (event: { detail?: { payload?: unknown } }) =>
      [...accountNumbers].some((san) => JSON.stringify(event.detail?.payload ?? {}).includes(`"${san}"`));
    const ledgerEntries = bundles.length * 20;
    await waitForEvents((event) => event['detail-type'] === 'billing.ledger.entry_posted@v2' && mine(event), {
      count: ledgerEntries,
      timeoutMs: 60_000,
    });
    await waitForEvents((event) => event['detail-type'] === 'account.created@v1' && mine(event), {
      count: bundles.length,
      timeoutMs: 60_000,
    });
    const events = readEvents().filter(mine);
    const count = (type: string) => events.filter((event) => event['detail-type'] === type).length;
    expect(count('account.created@v1')).toBe(bundles.length);
    expect(count('billing.ledger.entry_posted@v2')).toBe(ledgerEntries);
    const ledgerIds = events
      .filter((event) => event['detail-type'] === 'billing.ledger.entry_posted@v2')
      .map((event) => JSON.stringify([event.detail.payload.ledger.number, event.detail.payload.entry.id]));
    expect(new Set(ledgerIds).size).toBe(ledgerEntries);
  });
});

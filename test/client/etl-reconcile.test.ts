import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { goodAccount, readNdjson, runEtl, tempDir, writeLines } from './support/etl.js';

/**
 * `etl reconcile` end to end: a file of accounts loaded with `etl load` into the shared local runtime,
 * then compared with each account's real summary (`account-summary/`).
 */
async function loadedFile(prefix: string) {
  const dir = tempDir(prefix);
  const bundles = [goodAccount(prefix), goodAccount(prefix), goodAccount(prefix)];
  const file = writeLines(dir, bundles);
  const state = path.join(dir, 'state');
  const load = await runEtl(['load', file, '--supplier', 'ACME', '--state', state]);
  expect(load.code, load.stderr).toBe(0);
  const reconcile = () => runEtl(['reconcile', file, '--supplier', 'ACME', '--state', state]);
  const results = () => readNdjson(path.join(state, 'reconcile.ndjson'));
  return { file, bundles, reconcile, results };
}

describe('Rule: reconcile reports MATCH for every line whose account is imported, and exits 0', () => {
  it('every line of a file just loaded is a MATCH against its account summary', async () => {
    // Prepare
    const { bundles, reconcile, results } = await loadedFile('ETL-RECONCILE-MATCH');

    // Act
    const run = await reconcile();

    // Assess
    expect(run.code, run.stderr).toBe(0);
    expect(results()).toEqual(
      bundles.map((bundle, index) => ({
        line: index + 1,
        external_account_number: bundle.external_account_number,
        result: 'MATCH',
        differences: [],
      })),
    );
    expect(run.stdout).toMatch(/MATCH\s+3/);
    expect(run.stdout).toMatch(/MISMATCH\s+0/);
  });
});

describe('Rule: reconcile compares the summary with what creating the line makes: every embedded kind counted, MISMATCH naming what differs', () => {
  it('a loaded line is a MATCH whose summary counts the notes, transactions and statements the line carries; a note posted afterwards makes it a MISMATCH on notes.count', async () => {
    // Prepare
    const { bundles, reconcile, results } = await loadedFile('ETL-RECONCILE-EMBEDDED');
    const [account] = bundles;
    const external = account?.external_account_number as string;
    const token = await obtainToken();
    const summary = await api(
      'GET',
      `/v1/data-import/account-summary/ACME/${encodeURIComponent(external)}/`,
      {
        token,
      },
    );

    // Act
    const matched = await reconcile();
    const firstResults = results();
    const posted = await api('POST', '/v1/data-import/notes/create/', {
      token,
      body: {
        import_supplier: 'ACME',
        external_account_number: external,
        notes: [{ body: 'Posted after the load' }],
      },
    });
    const mismatched = await reconcile();

    // Assess
    expect(summary.status).toBe(200);
    expect(summary.json).toMatchObject({
      notes: { count: account?.notes.length },
      statements: { count: account?.statements.length },
      transactions: {
        count:
          account?.current_statement_transactions.length + account?.historical_statement_transactions.length,
      },
      created: { users: account?.customers.length },
    });
    expect(matched.code, matched.stderr).toBe(0);
    expect(firstResults[0]).toEqual({
      line: 1,
      external_account_number: external,
      result: 'MATCH',
      differences: [],
    });
    expect(posted.status).toBe(201);
    expect(mismatched.code).toBe(1);
    expect(results()[0]).toEqual({
      line: 1,
      external_account_number: external,
      result: 'MISMATCH',
      differences: [
        { field: 'notes.count', expected: account?.notes.length, actual: account?.notes.length + 1 },
      ],
    });
  });
});

describe('Rule: reconcile reports MISSING for a line whose account the API does not know, and exits 1', () => {
  it('a line never loaded, and a line in the old bundle wrapper (with its parse problem), are MISSING while the loaded lines stay MATCH', async () => {
    // Prepare
    const { file, bundles, reconcile, results } = await loadedFile('ETL-RECONCILE-MISSING');
    const never = goodAccount('ETL-RECONCILE-NEVER');
    const wrapped = { account: goodAccount('ETL-RECONCILE-WRAPPED') };
    writeFileSync(file, [...bundles, never, wrapped].map((line) => `${JSON.stringify(line)}\n`).join(''));

    // Act
    const run = await reconcile();

    // Assess
    expect(run.code, run.stderr).toBe(1);
    expect(results().map((line) => [line.line, line.result])).toEqual([
      [1, 'MATCH'],
      [2, 'MATCH'],
      [3, 'MATCH'],
      [4, 'MISSING'],
      [5, 'MISSING'],
    ]);
    expect(results()[4]).toEqual({
      line: 5,
      external_account_number: wrapped.account.external_account_number,
      result: 'MISSING',
      differences: [
        { field: 'line', expected: 'an account', actual: expect.stringContaining('bundle wrapper') },
      ],
    });
  });
});

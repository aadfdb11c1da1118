import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { goodBundle, readNdjson, runEtl, tempDir, writeBundles } from './support/etl.js';

/**
 * `etl reconcile` end to end: a bundle file loaded with `etl load` into the shared local runtime,
 * then compared with each account's real summary (`account-summary/`).
 */
async function loadedFile(prefix: string) {
  const dir = tempDir(prefix);
  const bundles = await Promise.all([goodBundle(prefix), goodBundle(prefix), goodBundle(prefix)]);
  const file = writeBundles(dir, bundles);
  const state = path.join(dir, 'state');
  const load = await runEtl(['load', file, '--supplier', 'ACME', '--state', state]);
  expect(load.code, load.stderr).toBe(0);
  const reconcile = () => runEtl(['reconcile', file, '--supplier', 'ACME', '--state', state]);
  const results = () => readNdjson(path.join(state, 'reconcile.ndjson'));
  return { file, bundles, reconcile, results };
}

describe('Rule: reconcile reports MATCH for every line whose account holds what the line says, and exits 0', () => {
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
        external_account_number: bundle.account.external_account_number,
        result: 'MATCH',
        differences: [],
      })),
    );
    expect(run.stdout).toMatch(/MATCH\s+3/);
    expect(run.stdout).toMatch(/MISMATCH\s+0/);
  });
});

describe('Rule: reconcile reports MISMATCH for exactly the line changed after import, with its differences, and exits 1', () => {
  it('a transaction posted to one account after the import makes that line, and only that line, a MISMATCH', async () => {
    // Prepare
    const { bundles, reconcile, results } = await loadedFile('ETL-RECONCILE-EXTRA');
    const changed = bundles[1];
    const external = changed.account.external_account_number;
    const extra = await api('POST', '/v1/data-import/transactions/create/', {
      token: await obtainToken(),
      body: {
        import_supplier: 'ACME',
        external_account_number: external,
        transactions: [
          {
            transaction_id: `${external}-LATE`,
            transaction_date: '2026-01-16',
            amount: 5,
            type: 'CHARGE',
            reason: 'IMPORTED_CHARGE',
          },
        ],
      },
    });
    expect(extra.status, extra.text).toBe(201);

    // Act
    const run = await reconcile();

    // Assess
    expect(run.code, run.stderr).toBe(1);
    const lines = results();
    expect(lines.map((line) => [line.line, line.result])).toEqual([
      [1, 'MATCH'],
      [2, 'MISMATCH'],
      [3, 'MATCH'],
    ]);
    expect(lines[1].external_account_number).toBe(external);
    expect(lines[1].differences).toEqual([
      { field: 'transactions.count', expected: 3, actual: 4 },
      { field: 'transactions.amount_total', expected: '33.75', actual: '38.75' },
      { field: 'transactions.ids_sha256', expected: expect.any(String), actual: expect.any(String) },
      { field: 'transactions.by_type.CHARGE.count', expected: 2, actual: 3 },
      { field: 'transactions.by_type.CHARGE.amount_total', expected: '22.50', actual: '27.50' },
    ]);
    expect(run.stdout).toMatch(/MATCH\s+2/);
    expect(run.stdout).toMatch(/MISMATCH\s+1/);
  });

  it('a line whose payment instruction was corrected in the file after the import is a MISMATCH naming it', async () => {
    // Prepare
    const { file, bundles, reconcile, results } = await loadedFile('ETL-RECONCILE-EDITED');
    const imported = bundles[2].payment_instruction;
    const corrected = { ...imported, reference: `${imported.reference}-corrected` };
    const edited = bundles.map((bundle, index) =>
      index === 2 ? { ...bundle, payment_instruction: corrected } : bundle,
    );
    writeFileSync(file, edited.map((bundle) => `${JSON.stringify(bundle)}\n`).join(''));

    // Act
    const run = await reconcile();

    // Assess
    expect(run.code, run.stderr).toBe(1);
    expect(results()).toEqual([
      expect.objectContaining({ line: 1, result: 'MATCH' }),
      expect.objectContaining({ line: 2, result: 'MATCH' }),
      {
        line: 3,
        external_account_number: bundles[2].account.external_account_number,
        result: 'MISMATCH',
        differences: [{ field: 'payment_instruction', expected: corrected, actual: imported }],
      },
    ]);
  });
});

describe('Rule: reconcile reports MISSING for a line whose account the API does not know, and exits 1', () => {
  it('a line never loaded is MISSING while the loaded lines stay MATCH', async () => {
    // Prepare
    const { file, bundles, reconcile, results } = await loadedFile('ETL-RECONCILE-MISSING');
    const never = await goodBundle('ETL-RECONCILE-NEVER');
    writeFileSync(file, [...bundles, never].map((bundle) => `${JSON.stringify(bundle)}\n`).join(''));

    // Act
    const run = await reconcile();

    // Assess
    expect(run.code, run.stderr).toBe(1);
    expect(results().map((line) => [line.line, line.result])).toEqual([
      [1, 'MATCH'],
      [2, 'MATCH'],
      [3, 'MATCH'],
      [4, 'MISSING'],
    ]);
  });
});

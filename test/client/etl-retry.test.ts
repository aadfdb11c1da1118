import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { putDocument } from '../post-import/support/documents.js';
import { goodBundle, readNdjson, runEtl, tempDir, writeBundles } from './support/etl.js';

describe('Rule: etl load --retry PARTIAL,FAILED sends again the lines whose cause was fixed', () => {
  it('a statement whose PDF was missing: PARTIAL, not sent again by a plain re-run, IMPORTED with --retry once the PDF is there', async () => {
    // Prepare
    const dir = tempDir('etl-retry');
    const good = await goodBundle('ETL-RETRY-OK');
    const noPdf = await goodBundle('ETL-RETRY-PDF');
    const pdf = `/statements/${noPdf.account.external_account_number}-late.pdf`;
    (noPdf.statements[0] as Record<string, unknown>).statement_path = pdf;
    const file = writeBundles(dir, [good, noPdf]);
    const state = path.join(dir, 'state');
    const args = ['load', file, '--supplier', 'ACME', '--state', state];
    const first = await runEtl(args);
    await putDocument(`migrations/acme${pdf}`);

    // Act
    const plain = await runEtl(args);
    const retried = await runEtl([...args, '--retry', 'PARTIAL,FAILED']);

    // Assess
    expect(first.code).toBe(1);
    expect(first.stdout).toContain('--retry PARTIAL,FAILED');
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain(
      '2 already done by an earlier run, not sent again (1 of them PARTIAL or FAILED)',
    );
    expect(retried.code, retried.stdout).toBe(0);
    expect(retried.stdout).toContain('1 sent again (--retry)');
    expect(readNdjson(path.join(state, 'results.ndjson')).map((line) => line.status)).toEqual([
      'IMPORTED',
      'IMPORTED',
    ]);
  });

  it('refuses IMPORTED or an unknown status as --retry (exit 2)', async () => {
    // Act
    const run = await runEtl(['load', 'package.json', '--supplier', 'ACME', '--retry', 'IMPORTED']);
    // Assess
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--retry takes PARTIAL, FAILED or PARTIAL,FAILED');
  });
});

describe('Rule: the end of a run lists the lines that are not IMPORTED, and a resumed run counts the earlier ones', () => {
  it('lists line number, account and first error; the next run reports the same failed count', async () => {
    // Prepare
    const dir = tempDir('etl-failed-list');
    const bad = await goodBundle('ETL-LIST-BAD');
    bad.account.customers = [{ given_name: 'Ada', family_name: 'Lovelace', mobile: '12' }];
    const file = writeBundles(dir, [await goodBundle('ETL-LIST-OK'), bad]);
    const args = ['load', file, '--supplier', 'ACME', '--state', path.join(dir, 'state')];

    // Act
    const first = await runEtl(args);
    const second = await runEtl(args);

    // Assess
    for (const run of [first, second]) {
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/FAILED\s+1/);
      expect(run.stdout).toMatch(
        new RegExp(
          `line 2 {2}${bad.account.external_account_number} {2}FAILED {2}stage: \\w+ at customers\\.0\\.mobile`,
        ),
      );
    }
  });
});

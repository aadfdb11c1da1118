import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { goodAccount, runEtl, tempDir, writeLines } from './support/etl.js';

vi.setConfig({ testTimeout: 120_000 });

/** A file of two good lines whose accounts name no supplier: `--supplier` alone decides. */
async function fileOfTwoLines(prefix: string): Promise<{ dir: string; file: string }> {
  const dir = tempDir(prefix);
  const accounts = [goodAccount(prefix), goodAccount(prefix)];
  for (const account of accounts) delete account.import_supplier;
  return { dir, file: writeLines(dir, accounts) };
}

describe('Rule: load and submit check the supplier before the first line: exit 2 and one sentence', () => {
  it.each([
    ['an unknown supplier (a typo)', 'ACMEE', 'no import supplier has the code ACMEE'],
    ['a Paused supplier', 'PAUSED-CO', 'the import supplier PAUSED-CO is Paused, not Ongoing'],
    ['a Complete supplier', 'DONE-CO', 'the import supplier DONE-CO is Complete, not Ongoing'],
    ['a supplier outside the key’s scope', 'GLOBEX', "GLOBEX is outside your API key's scope"],
  ])('load, %s: no line sent, no journal', async (_case, supplier, sentence) => {
    // Prepare
    const { dir, file } = await fileOfTwoLines('ETL-SUP-LOAD');
    const state = path.join(dir, 'state');

    // Act
    const run = await runEtl(['load', file, '--supplier', supplier, '--state', state]);

    // Assess
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining(sentence)]);
    expect(run.stdout).not.toMatch(/FAILED|--retry/);
    expect(existsSync(path.join(state, 'journal.ndjson'))).toBe(false);
  });

  it('submit of a Paused supplier: no job created', async () => {
    // Prepare
    const { dir, file } = await fileOfTwoLines('ETL-SUP-SUBMIT');
    const state = path.join(dir, 'state');

    // Act
    const run = await runEtl(['submit', file, '--supplier', 'PAUSED-CO', '--state', state]);

    // Assess
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringContaining('the import supplier PAUSED-CO is Paused, not Ongoing'),
    ]);
    expect(existsSync(path.join(state, 'job.json'))).toBe(false);
  });

  it('the key’s own Ongoing supplier: the load goes on', async () => {
    // Prepare
    const { dir, file } = await fileOfTwoLines('ETL-SUP-OK');

    // Act
    const run = await runEtl(['load', file, '--supplier', 'ACME', '--state', path.join(dir, 'state')]);

    // Assess
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/IMPORTED\s+2/);
  });
});

import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { goodAccount, readNdjson, runEtl, tempDir, writeLines } from './support/etl.js';

vi.setConfig({ testTimeout: 120_000 });

/** A working directory where two loads ran with the default state directories `.etl/<supplier>/`. */
async function directoryWithTwoLoads() {
  const cwd = tempDir('etl-status-cwd');
  const acme = writeLines(cwd, [goodAccount('ETL-ST-A'), goodAccount('ETL-ST-B')]);
  const first = await runEtl(['load', acme, '--supplier', 'ACME'], undefined, undefined, cwd);
  expect(first.code, first.stderr).toBe(0);
  const other = path.join(cwd, '.etl', 'ACME-COPY');
  const second = await runEtl(
    ['load', acme, '--supplier', 'ACME', '--state', other],
    undefined,
    undefined,
    cwd,
  );
  expect(second.code, second.stderr).toBe(0);
  return cwd;
}

describe('Rule: etl status without --state counts every directory under .etl/', () => {
  it('prints each state directory with its counts and exits 0', async () => {
    // Prepare
    const cwd = await directoryWithTwoLoads();
    mkdirSync(path.join(cwd, '.etl', 'EMPTY'));

    // Act
    const run = await runEtl(['status'], undefined, undefined, cwd);

    // Assess
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('.etl/ACME:');
    expect(run.stdout).toContain('.etl/ACME-COPY:');
    expect(run.stdout).not.toContain('EMPTY');
    expect(run.stdout.match(/IMPORTED\s+2/g)).toHaveLength(2);
  });

  it('says how to start when no load or submit has run in this directory', async () => {
    // Act
    const run = await runEtl(['status'], undefined, undefined, tempDir('etl-status-none'));
    // Assess
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('no load or submit has run here yet');
  });
});

describe('Rule: etl status --supplier CODE counts the default state directory of that supplier', () => {
  it('reads .etl/ACME', async () => {
    // Prepare
    const cwd = await directoryWithTwoLoads();

    // Act
    const run = await runEtl(['status', '--supplier', 'ACME'], undefined, undefined, cwd);

    // Assess
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('.etl/ACME:');
    expect(run.stdout).not.toContain('ACME-COPY');
    expect(run.stdout).toMatch(/IMPORTED\s+2/);
  });
});

describe('Rule: load and submit keep separate results, and etl status counts both', () => {
  it('load then submit with one state directory keep results.ndjson and submit-results.ndjson; a submit-only directory is counted too', async () => {
    // Prepare
    const cwd = tempDir('etl-status-submit');
    const good = goodAccount('ETL-ST-SUB');
    const bad = { external_account_number: 'ETL-ST-SUB-BAD', account_type: 'NOT-A-TYPE' };
    const file = writeLines(cwd, [good, bad]);
    const loaded = await runEtl(['load', file, '--supplier', 'ACME'], undefined, undefined, cwd);
    const loadResults = readFileSync(path.join(cwd, '.etl', 'ACME', 'results.ndjson'), 'utf8');

    // Act
    const submitted = await runEtl(['submit', file, '--supplier', 'ACME'], undefined, undefined, cwd);
    const submitOnly = path.join('.etl', 'SUBMIT-ONLY');
    const alone = await runEtl(
      ['submit', file, '--supplier', 'ACME', '--state', submitOnly],
      undefined,
      undefined,
      cwd,
    );
    const status = await runEtl(['status'], undefined, undefined, cwd);

    // Assess
    expect([loaded.code, submitted.code, alone.code]).toEqual([1, 1, 1]);
    expect(readFileSync(path.join(cwd, '.etl', 'ACME', 'results.ndjson'), 'utf8')).toBe(loadResults);
    expect(readNdjson(path.join(cwd, '.etl', 'ACME', 'submit-results.ndjson')).map((r) => r.status)).toEqual([
      'IMPORTED',
      'FAILED',
    ]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout.split('\n')).toEqual([
      '.etl/ACME:',
      '  load (journal.ndjson):',
      expect.stringMatching(/^ {4}IMPORTED +1$/),
      expect.stringMatching(/^ {4}PARTIAL +0$/),
      expect.stringMatching(/^ {4}FAILED +1$/),
      '  submit (submit-results.ndjson):',
      expect.stringMatching(/^ {4}IMPORTED +1$/),
      expect.stringMatching(/^ {4}PARTIAL +0$/),
      expect.stringMatching(/^ {4}FAILED +1$/),
      expect.stringMatching(/^ {4}NOT_PROCESSED +0$/),
      '.etl/SUBMIT-ONLY:',
      '  submit (submit-results.ndjson):',
      expect.stringMatching(/^ {4}IMPORTED +1$/),
      expect.stringMatching(/^ {4}PARTIAL +0$/),
      expect.stringMatching(/^ {4}FAILED +1$/),
      expect.stringMatching(/^ {4}NOT_PROCESSED +0$/),
      '',
    ]);
  });
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { goodBundle, runEtl, tempDir, writeBundles } from './support/etl.js';

/** A working directory where two loads ran with the default state directories `.etl/<supplier>/`. */
async function directoryWithTwoLoads() {
  const cwd = tempDir('etl-status-cwd');
  const acme = writeBundles(cwd, [await goodBundle('ETL-ST-A'), await goodBundle('ETL-ST-B')]);
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

  it('says how to start when no load has run in this directory', async () => {
    // Act
    const run = await runEtl(['status'], undefined, undefined, tempDir('etl-status-none'));
    // Assess
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('no load has run here yet');
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

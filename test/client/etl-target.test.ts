import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { documentClient, TABLE_NAME } from '../../functions/store/dynamodb.js';
import { keys } from '../../functions/store/keys.js';
import { goodAccount, readNdjson, runEtl, tempDir, writeLines } from './support/etl.js';

vi.setConfig({ testTimeout: 120_000 });

/** A file of two good lines of ACME, loaded into `state` by a first run (exit 0). */
async function loadedFile(prefix: string) {
  const dir = tempDir(prefix);
  const file = writeLines(dir, [goodAccount(prefix), goodAccount(prefix)]);
  const state = path.join(dir, 'state');
  const first = await runEtl(['load', file, '--supplier', 'ACME', '--state', state]);
  expect(first.code, first.stderr).toBe(0);
  return { dir, file, state };
}

/** The same API under another URL: the state directory's target is the URL it was given. */
const sameApiAnotherUrl = () => (process.env.DATA_IMPORT_URL as string).replace('127.0.0.1', 'localhost');

describe('Rule: a state directory is tied to the URL and organisation it ran against', () => {
  it('load and load --retry against another URL: exit 2, one sentence naming both; another --state loads', async () => {
    // Prepare
    const { dir, file, state } = await loadedFile('ETL-TARGET-URL');
    const url = sameApiAnotherUrl();

    // Act
    const load = await runEtl(['load', file, '--supplier', 'ACME', '--state', state], undefined, url);
    const retry = await runEtl(
      ['load', file, '--supplier', 'ACME', '--state', state, '--retry', 'PARTIAL,FAILED'],
      undefined,
      url,
    );
    const elsewhere = await runEtl(
      ['load', file, '--supplier', 'ACME', '--state', path.join(dir, 'other')],
      undefined,
      url,
    );

    // Assess
    for (const run of [load, retry]) {
      expect(run.code, run.stdout).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([
        `etl: the state directory ${state} belongs to ${process.env.DATA_IMPORT_URL} (organisation acme-etl), ` +
          `not to ${url} (organisation acme-etl): name another directory with --state DIR for this target.`,
      ]);
      expect(run.stdout).not.toContain('already done');
    }
    expect(elsewhere.code, elsewhere.stderr).toBe(0);
    expect(elsewhere.stdout).toMatch(/IMPORTED\s+2/);
  });

  it('load and submit with the key of another organisation: exit 2, naming both organisations', async () => {
    // Prepare: a state directory a load of GLOBEX (organisation globex-etl) used
    const dir = tempDir('ETL-TARGET-ORG');
    const empty = path.join(dir, 'empty.ndjson');
    writeFileSync(empty, '');
    const state = path.join(dir, 'state');
    const first = await runEtl(
      ['load', empty, '--supplier', 'GLOBEX', '--state', state],
      'local-dev-key-globex',
    );
    expect(first.code, first.stderr).toBe(0);
    const file = writeLines(dir, [goodAccount('ETL-TARGET-ORG')]);

    // Act
    const load = await runEtl(['load', file, '--supplier', 'ACME', '--state', state]);
    const submit = await runEtl(['submit', file, '--supplier', 'ACME', '--state', state]);

    // Assess
    for (const run of [load, submit]) {
      expect(run.code, run.stdout).toBe(2);
      expect(run.stderr).toContain('(organisation globex-etl), not to');
      expect(run.stderr).toContain('(organisation acme-etl): name another directory with --state DIR');
    }
  });
});

describe('Rule: lines the journal marks done are skipped only when the target holds them', () => {
  it('a target emptied under the same URL (a runtime restarted in memory): exit 2 saying the state belongs to another target', async () => {
    // Prepare: the accounts the first run loaded are gone from the target
    const { file, state } = await loadedFile('ETL-TARGET-EMPTIED');
    const externals = readNdjson(path.join(state, 'results.ndjson')).map(
      (result) => result.external_account_number as string,
    );
    for (const external of externals) {
      await documentClient.send(
        new DeleteCommand({ TableName: TABLE_NAME, Key: keys.importProcess('ACME', external) }),
      );
    }

    // Act
    const run = await runEtl(['load', file, '--supplier', 'ACME', '--state', state]);

    // Assess
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      `etl: the journal in ${state} marks line 1 (${externals[0]}) done but ${process.env.DATA_IMPORT_URL} ` +
        'does not hold that account, so this state belongs to another target (a local runtime restarted in ' +
        'memory, say): name a new directory with --state DIR (or delete this one) to load the file again.',
    ]);
    expect(run.stdout).not.toContain('already done');
  });

  it('a target that holds them: the lines are skipped as done, exit 0', async () => {
    // Prepare
    const { file, state } = await loadedFile('ETL-TARGET-HELD');

    // Act
    const run = await runEtl(['load', file, '--supplier', 'ACME', '--state', state]);

    // Assess
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('2 already done by an earlier run, not sent again');
  });
});

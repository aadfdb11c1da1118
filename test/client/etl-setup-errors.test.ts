import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { goodAccount, runEtl, tempDir, writeLines } from './support/etl.js';

describe('Rule: an API that cannot be used as configured ends the ETL at once with exit 2 and one sentence', () => {
  it('a wrong API key: one sentence naming DATA_IMPORT_API_KEY, no line sent, no line FAILED', async () => {
    // Prepare
    const dir = tempDir('etl-wrong-key');
    const file = writeLines(dir, [goodAccount('ETL-KEY'), goodAccount('ETL-KEY')]);
    const state = path.join(dir, 'state');

    // Act
    const run = await runEtl(['load', file, '--supplier', 'ACME', '--state', state], 'not-a-key-of-anyone');

    // Assess
    expect(run.code).toBe(2);
    const sentences = run.stderr.trim().split('\n');
    expect(sentences).toHaveLength(1);
    expect(sentences[0]).toContain('invalid_api_key');
    expect(sentences[0]).toContain('Set DATA_IMPORT_API_KEY');
    expect(run.stdout).not.toContain('FAILED');
    expect(run.stderr).not.toContain('network_error');
    expect(existsSync(path.join(state, 'results.ndjson'))).toBe(false);
  });

  it('an unreachable DATA_IMPORT_URL: one sentence naming it, exit 2', async () => {
    // Prepare
    const dir = tempDir('etl-wrong-url');
    const file = writeLines(dir, [goodAccount('ETL-URL')]);

    // Act
    const run = await runEtl(
      ['load', file, '--supplier', 'ACME', '--state', path.join(dir, 'state')],
      'local-dev-key-acme',
      'http://127.0.0.1:1',
    );

    // Assess
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('cannot reach the API at http://127.0.0.1:1');
    expect(run.stderr).toContain('DATA_IMPORT_URL');
  });

  it('reconcile with a wrong API key stops the same way', async () => {
    // Prepare
    const dir = tempDir('etl-wrong-key-reconcile');
    const file = writeLines(dir, [goodAccount('ETL-KEY-R')]);

    // Act
    const run = await runEtl(
      ['reconcile', file, '--supplier', 'ACME', '--state', path.join(dir, 'state')],
      'not-a-key-of-anyone',
    );

    // Assess
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('invalid_api_key');
  });
});

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { childrenOf, exitOf, isRunning } from '../support/processes.js';
import { goodAccount, readNdjson, runEtl, startEtl, tempDir, writeLines } from './support/etl.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const journalLines = (state: string) => {
  try {
    return readFileSync(path.join(state, 'journal.ndjson'), 'utf8').split('\n').length - 1;
  } catch {
    return 0;
  }
};

async function slowLoad(prefix: string) {
  const dir = tempDir(prefix);
  // One account a line, one at a time: long enough that the signal lands mid-run.
  const file = writeLines(
    dir,
    Array.from({ length: 40 }, () => goodAccount(prefix)),
  );
  const state = path.join(dir, 'state');
  return { file, state, args: ['load', file, '--supplier', 'ACME', '--state', state, '--concurrency', '1'] };
}

describe('Rule: the loader does not outlive the command that started it', () => {
  it('kill -9 of npm’s PID: the loader notices its parent is gone and stops; nothing is left running', async () => {
    // Prepare
    const { state, args } = await slowLoad('ETL-ORPHAN');
    const npm = spawn('npm', ['run', '--silent', 'etl', '--', ...args], {
      cwd: root,
      env: { ...process.env, DATA_IMPORT_API_KEY: 'local-dev-key-acme' },
      stdio: 'ignore',
    });
    while (journalLines(state) < 2) await pause(20);
    const [loader] = childrenOf(npm.pid as number);
    expect(readFileSync(`/proc/${loader}/cmdline`, 'utf8')).toContain('client/etl/cli.ts');

    // Act
    npm.kill('SIGKILL');
    await exitOf(loader as number);

    // Assess
    expect(isRunning(loader as number)).toBe(false);
  }, 120_000);

  it('SIGINT: it says how to continue and exits 130; the same command then finishes the load', async () => {
    // Prepare
    const { state, args } = await slowLoad('ETL-SIGINT');
    const first = startEtl(args);
    while (journalLines(state) < 2) await pause(20);

    // Act
    first.child.kill('SIGINT');
    const interrupted = await first.done;
    const second = await runEtl(args);

    // Assess
    expect(interrupted.code).toBe(130);
    expect(interrupted.stderr).toContain('stopped by SIGINT. Run the same command again to continue');
    expect(second.code, second.stderr).toBe(0);
    expect(readNdjson(path.join(state, 'results.ndjson')).every((line) => line.status === 'IMPORTED')).toBe(
      true,
    );
  }, 120_000);
});

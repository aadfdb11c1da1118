import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { accountPayload } from '../../accounts/support/accounts.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = path.join(root, 'client/etl/cli.ts');
/** tsx's loader by its path: `--import tsx` would look for the package from the working directory. */
const tsx = pathToFileURL(createRequire(path.join(root, 'package.json')).resolve('tsx')).href;

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts `etl` as the command line does (one node process, so its pid is the loader's). */
export function startEtl(
  args: string[],
  apiKey = 'local-dev-key-acme',
  /** Another API than the shared runtime's (e.g. a rate-limited server started by the test). */
  url = process.env.DATA_IMPORT_URL,
  /** The working directory (relative paths, `.etl/`); the project root by default. */
  cwd = root,
): { child: ChildProcess; done: Promise<CliRun> } {
  const child = spawn(process.execPath, ['--import', tsx, cli, ...args], {
    cwd,
    env: { ...process.env, DATA_IMPORT_URL: url, DATA_IMPORT_API_KEY: apiKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<CliRun>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

export const runEtl = (args: string[], apiKey?: string, url?: string, cwd?: string) =>
  startEtl(args, apiKey, url, cwd).done;

// biome-ignore lint/suspicious/noExplicitAny: result lines are checked field by field
export const readNdjson = (file: string): any[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `${prefix}-`));
}

/** Writes an input file: one line per account (an EnergyAccount), as `etl load` and bulk jobs read it. */
export function writeLines(dir: string, accounts: unknown[]): string {
  const file = path.join(dir, 'accounts.ndjson');
  writeFileSync(file, accounts.map((account) => `${JSON.stringify(account)}\n`).join(''));
  return file;
}

/** An account of a line, as tests build and break it (any field, any type). */
// biome-ignore lint/suspicious/noExplicitAny: tests break lines in every way, including types
export type LineAccount = Record<string, any> & { external_account_number: string };

/**
 * A line for a new account of ACME: a valid EnergyAccount (`accountPayload()`, fresh meter
 * points) numbered under `prefix`, carrying its own notes, statements, transactions and payment
 * instruction.
 */
export function goodAccount(prefix: string, overrides: Record<string, unknown> = {}): LineAccount {
  return accountPayload({
    external_account_number: `${prefix}-${randomUUID()}`,
    ...overrides,
  }) as LineAccount;
}

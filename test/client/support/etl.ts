import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { accountPayload } from '../../accounts/support/accounts.js';
import { putDocument } from '../../post-import/support/documents.js';

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

export function writeBundles(dir: string, bundles: unknown[]): string {
  const file = path.join(dir, 'bundles.ndjson');
  writeFileSync(file, bundles.map((bundle) => `${JSON.stringify(bundle)}\n`).join(''));
  return file;
}

/**
 * A complete bundle for a new account of ACME: the account (no meter points, so accounts never
 * share one), `transactions` transactions, a note, a statement whose PDF is in the local S3,
 * and a card payment instruction.
 */
export async function goodBundle(prefix: string, transactions = 3) {
  const external = `${prefix}-${randomUUID()}`;
  const { supply_addresses: _omitted, ...account } = accountPayload({ external_account_number: external });
  const statementPath = `/statements/${external}.pdf`;
  await putDocument(`migrations/acme${statementPath}`);
  return {
    account,
    transactions: Array.from({ length: transactions }, (_, index) => ({
      transaction_id: `${external}-T${index}`,
      transaction_date: '2026-01-15',
      amount: 10.25 + index,
      type: index % 2 === 0 ? 'CHARGE' : 'PAYMENT',
      reason: index % 2 === 0 ? 'IMPORTED_CHARGE' : 'ACCOUNT_CHARGE_PAYMENT',
    })),
    notes: [{ body: `Imported from the legacy system (${external})`, created_at: '2026-01-20T09:00:00Z' }],
    statements: [
      {
        statement_id: `${external}-S1`,
        bill_period_from_date: '2025-12-01',
        bill_period_to_date: '2025-12-31',
        issued_date: '2026-01-02',
        number: 'S-1',
        gross_amount: 54.21,
        statement_path: statementPath,
      },
    ],
    payment_instruction: { vendor: 'STRIPE', reference: `pm_card_${randomUUID().slice(0, 8)}`, type: 'CARD' },
  };
}

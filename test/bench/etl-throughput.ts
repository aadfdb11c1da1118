import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDataImportClient } from '../../client/data-import-client.js';
import { load } from '../../client/etl/load.js';
import { pool } from './http-client.js';
import { accountLine } from './payloads.js';

/**
 * The ETL CLI's throughput (accounts/s, and the transactions the accounts carry per second)
 * beside a minimal hand-written loader that loads the same file at the same concurrency: stage
 * (the account with its transactions), then process, with one token and no journal, retries or
 * progress. The ratio is what the CLI's resumability and flow control cost.
 */
export interface EtlBenchOptions {
  accounts: number;
  transactionsPerAccount: number;
  concurrency: number;
}

type Line = ReturnType<typeof accountLine>;

function lines(supplier: string, prefix: string, options: EtlBenchOptions): Line[] {
  return Array.from({ length: options.accounts }, (_, index) => {
    const external = `${prefix}-${String(index).padStart(6, '0')}`;
    const ids = Array.from({ length: options.transactionsPerAccount }, (_, i) => `${external}-T${i}`);
    return accountLine(supplier, external, ids);
  });
}

function rates(options: EtlBenchOptions, seconds: number) {
  return {
    seconds: Math.round(seconds * 100) / 100,
    accounts_per_s: Math.round((options.accounts / seconds) * 10) / 10,
    transactions_per_s: Math.round((options.accounts * options.transactionsPerAccount) / seconds),
  };
}

async function handWrittenLoad(
  url: string,
  token: string,
  supplier: string,
  items: Line[],
  concurrency: number,
) {
  const post = async (route: string, body: unknown, expected: number[]) => {
    const response = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: `Token ${token}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!expected.includes(response.status))
      throw new Error(`${route}: HTTP ${response.status} ${text.slice(0, 300)}`);
  };
  await pool(items, concurrency, async (account) => {
    const reference = { import_supplier: supplier, external_account_number: account.external_account_number };
    await post('/v1/data-import/account-import-process/create-or-update/', account, [200, 201]);
    await post('/v1/data-import/account-import-process/process/', reference, [201]);
  });
}

export async function measureEtl(
  url: string,
  apiKey: string,
  token: string,
  supplier: string,
  options: EtlBenchOptions,
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-etl-'));
  const file = path.join(dir, 'bundles.ndjson');
  writeFileSync(
    file,
    lines(supplier, 'ETL-CLI', options)
      .map((line) => `${JSON.stringify(line)}\n`)
      .join(''),
  );
  const client = createDataImportClient({ baseUrl: url, apiKey });
  const cliStarted = performance.now();
  const summary = await load(client, {
    file,
    supplier,
    concurrency: options.concurrency,
    stateDir: path.join(dir, 'state'),
    dryRun: false,
  });
  const cliSeconds = (performance.now() - cliStarted) / 1000;
  if (summary.counts.IMPORTED !== options.accounts) {
    throw new Error(`the ETL CLI imported ${summary.counts.IMPORTED} of ${options.accounts} lines`);
  }
  const handStarted = performance.now();
  await handWrittenLoad(url, token, supplier, lines(supplier, 'ETL-HAND', options), options.concurrency);
  const handSeconds = (performance.now() - handStarted) / 1000;
  const cli = rates(options, cliSeconds);
  const handWritten = rates(options, handSeconds);
  return {
    ...options,
    cli,
    hand_written: handWritten,
    ratio_to_hand_written:
      Math.round((cli.transactions_per_s / handWritten.transactions_per_s) * 1000) / 1000,
  };
}

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CREATION_LIMITS } from '../../functions/rules/account/creation-limits.js';
import { startLocalRuntime } from '../../infra/local/runtime.js';
import { fullAccount, fullAccountDocuments } from './full-account.js';
import { percentile } from './http-client.js';

/**
 * How long one creation takes at the per-account limits (functions/rules/account/creation-limits.ts):
 * the bench's full account (./full-account.ts) grown to the most transactions and notes one creation
 * writes, staged and created `--runs` times on a local runtime; the median and slowest `process/`
 * time are printed beside the function's timeout, which the limits must stay well inside.
 *
 *   npx tsx test/bench/creation-at-limits.ts [--runs 3]
 */

const root = path.resolve(import.meta.dirname, '../..');
const KEY = 'bench-limits-key';
const SUPPLIER = 'BENCH-LIMITS';
const BASE = '/v1/data-import/account-import-process';
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 3);

async function call(url: string, token: string, route: string, body: unknown) {
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (response.status >= 300)
    throw new Error(`${route}: ${response.status} ${JSON.stringify(json).slice(0, 400)}`);
  return json;
}

/** The full account with payments (of nothing owed, so the transfer balance still adds up) and notes up to the limits. */
function accountAtLimits(external: string) {
  const account = fullAccount(SUPPLIER, external) as Record<string, any>;
  const carried =
    account.current_statement_transactions.length + account.historical_statement_transactions.length;
  const [payment] = account.current_statement_transactions;
  for (let n = carried; n < CREATION_LIMITS.transactions.max; n += 1) {
    account.current_statement_transactions.push({ ...payment, transaction_id: `LIMIT-${n}`, amount: '0.00' });
  }
  for (let n = account.notes.length; n < CREATION_LIMITS.notes.max; n += 1) {
    account.notes.push({ body: `Note ${n} moved from the old system.`, created_at: '2025-06-01T09:00:00Z' });
  }
  return account;
}

async function main() {
  const localDir = path.join(root, '.local/bench-limits');
  mkdirSync(localDir, { recursive: true });
  const seedFile = path.join(localDir, 'seed.json');
  const rootLocation = 'bench/limits';
  writeFileSync(
    seedFile,
    JSON.stringify({
      suppliers: [{ code: SUPPLIER, status: 'Ongoing', root_location: rootLocation }],
      organisations: [{ name: 'bench-limits', suppliers: [SUPPLIER], api_keys: [KEY] }],
    }),
  );
  process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
  const runtime = await startLocalRuntime({
    port: 0,
    seedFile,
    eventsFile: path.join(localDir, 'events.jsonl'),
  });
  try {
    const { putDocument } = await import('../post-import/support/documents.js');
    const tokenAnswer = (await (
      await fetch(`${runtime.url}/v1/graphql/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation($key: String!) { obtainServiceToken(input: {APIKey: $key}) { token } }',
          variables: { key: KEY },
        }),
      })
    ).json()) as { data: { obtainServiceToken: { token: string } } };
    const token = tokenAnswer.data.obtainServiceToken.token;
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const external = `LIMITS-${Date.now()}-${run}`;
      for (const document of fullAccountDocuments(external)) await putDocument(`${rootLocation}/${document}`);
      await call(runtime.url, token, `${BASE}/create-or-update/`, accountAtLimits(external));
      const started = performance.now();
      await call(runtime.url, token, `${BASE}/process/`, {
        import_supplier: SUPPLIER,
        external_account_number: external,
      });
      times.push(performance.now() - started);
    }
    const { DEFAULT_FUNCTION_TIMEOUT_SECONDS } = await import('../../functions/invocation-clock.js');
    process.stdout.write(
      `${JSON.stringify({
        transactions: CREATION_LIMITS.transactions.max,
        notes: CREATION_LIMITS.notes.max,
        runs,
        process_ms_p50: Math.round(percentile(times, 50)),
        process_ms_max: Math.round(Math.max(...times)),
        function_timeout_s: DEFAULT_FUNCTION_TIMEOUT_SECONDS,
      })}\n`,
    );
  } finally {
    await runtime.stop();
  }
}

await main();

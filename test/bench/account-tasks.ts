import { LOCAL_ACCOUNT_CREATION_CONCURRENCY } from '../../infra/config/environments.js';
import { accountNumbers, expectStatus, pool, type TimedClient } from './http-client.js';
import { accountPayload } from './payloads.js';
import { importAccounts } from './throughput.js';

/** The worker concurrency of the local runtime (the configured limit unless overridden). */
export function accountCreationConcurrency(): number {
  const raw = process.env.DATA_IMPORT_ACCOUNT_CREATION_CONCURRENCY;
  return raw ? Number.parseInt(raw, 10) : LOCAL_ACCOUNT_CREATION_CONCURRENCY;
}

/**
 * v2 beside v1 at the same concurrency: `count` accounts scheduled through v2 (window open
 * now, so each is queued at once) until every task is PROCESSED by the local worker (at most
 * `accountCreationConcurrency` at once), and `count` other accounts staged and processed
 * through v1 by that many clients side by side. Accounts per second, end to end.
 */
export async function measureAccountTasks(
  client: TimedClient,
  supplier: string,
  count: number,
  countProcessed: (supplier: string) => Promise<number>,
): Promise<{ accounts: number; concurrency: number; v2_accounts_per_s: number; v1_accounts_per_s: number }> {
  const concurrency = accountCreationConcurrency();

  const v2Started = performance.now();
  await pool(accountNumbers('V2', count), concurrency, async (external) => {
    const scheduled = await client.call('schedule_v2', 'POST', '/v2/data-import/accounts/', {
      payload: accountPayload(supplier, external),
      task_params: {},
    });
    expectStatus(scheduled, [201], 'schedule v2');
  });
  while ((await countProcessed(supplier)) < count) await new Promise((resolve) => setTimeout(resolve, 100));
  const v2Seconds = (performance.now() - v2Started) / 1000;

  const v1Started = performance.now();
  await importAccounts(client, supplier, 'V1', count, concurrency);
  const v1Seconds = (performance.now() - v1Started) / 1000;
  const rate = (seconds: number) => Math.round((count / seconds) * 10) / 10;
  return {
    accounts: count,
    concurrency,
    v2_accounts_per_s: rate(v2Seconds),
    v1_accounts_per_s: rate(v1Seconds),
  };
}

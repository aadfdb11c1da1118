import { describe, expect, it, vi } from 'vitest';
import { handler as expiryHandler } from '../../functions/handlers/cancel-expired-import-processes.js';
import { supplierSettings } from '../../functions/rules/supplier-settings.js';
import { writeStaging } from '../../functions/store/import-process-store.js';
import { runAccountTask } from '../../functions/use-cases/run-account-task.js';
import { cancelAccountTask, scheduleAccountTask } from '../../functions/use-cases/schedule-account-task.js';
import { sweepAccountTasks } from '../../functions/use-cases/sweep-account-tasks.js';
import { lambdaContext } from '../../infra/local/proxy-event.js';
import { collectingQueue, HOUR } from '../account-tasks/support.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { accountPayload, processAccount, stage } from './support/accounts.js';
import { newSupplierWithKey } from './support/seed-processes.js';
import { stagedAccount, stagedWith } from './support/store.js';
import { recount, summaryCounts, supplierSummaryPath } from './support/supplier-recount.js';

const cancelExpired = () => expiryHandler(undefined, lambdaContext('cancel-expired-import-processes'));

// Expiry sweeps every supplier of the shared table; allow for a busy shared runtime.
vi.setConfig({ testTimeout: 120_000 });

type Payload = ReturnType<typeof accountPayload>;

const DAY = 24 * 60 * 60 * 1000;

const summaryPath = supplierSummaryPath;

/** Stages accounts 31 days ago (past the default expiry window); whether each staging was written. */
async function stagedLongAgo(supplier: string, externals: readonly string[]): Promise<boolean[]> {
  const written: boolean[] = [];
  for (const external of externals) {
    const result = await writeStaging({
      supplier,
      externalAccountNumber: external,
      ...stagedWith(stagedAccount(supplier, external)),
      now: new Date(Date.now() - 31 * DAY),
      target: 'create',
    });
    written.push(result.ok);
  }
  return written;
}

describe('Supplier summary: account counts are maintained counters equal to a recount', () => {
  it('after parallel staging, re-staging, processing and expiry', async () => {
    // Prepare
    const { supplier, apiKey } = await newSupplierWithKey('SUM');
    const token = await obtainToken(apiKey);
    const payloads = Array.from({ length: 8 }, (_, k) =>
      accountPayload({ external_account_number: `SUM-${k}` }, supplier),
    );
    // Act: stage 8 in parallel, stage one of them twice more at once, re-stage two, process three
    const staged = await Promise.all(payloads.map((payload) => stage(token, payload)));
    const [first, second, third] = payloads as [Payload, Payload, Payload];
    const raced = await Promise.all([stage(token, first), stage(token, first)]);
    const restaged = await Promise.all([stage(token, second), stage(token, third)]);
    const processed = await Promise.all([3, 4, 5].map((k) => processAccount(token, supplier, `SUM-${k}`)));
    const afterProcessing = await api('GET', summaryPath(supplier), { token });
    // …and two accounts staged long ago expire
    expect(await stagedLongAgo(supplier, ['OLD-1', 'OLD-2'])).toEqual([true, true]);
    const beforeExpiry = await api('GET', summaryPath(supplier), { token });
    await cancelExpired();
    const afterExpiry = await api('GET', summaryPath(supplier), { token });
    // Assess
    expect(staged.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect([...raced, ...restaged].map((r) => r.status)).toEqual(Array(4).fill(200));
    expect(processed.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(afterProcessing.status).toBe(200);
    expect(afterProcessing.json).toEqual({
      code: supplier,
      status: 'Ongoing',
      root_location: supplier.toLowerCase(),
      settings: supplierSettings({}),
      accounts: { pending: 5, imported: 3, scheduled: 0 },
    });
    expect(beforeExpiry.json.accounts).toEqual({ pending: 7, imported: 3, scheduled: 0 });
    expect(afterExpiry.json.accounts).toEqual(await recount(token, supplier));
    expect(afterExpiry.json.accounts).toEqual({ pending: 5, imported: 3, scheduled: 0 });
  });
});

describe('Supplier summary: counters equal a recount after staging, processing, v2 scheduling and expiry', () => {
  it('scheduled counts live v2 tasks that are not dry runs, in the transactions that move them', async () => {
    // Prepare: a supplier of its own; tasks scheduled an hour ahead (the runtime's own sweep leaves them alone)
    const { supplier, apiKey } = await newSupplierWithKey('SUMV2');
    const token = await obtainToken(apiKey);
    const T = Date.now();
    const iso = (ms: number) => new Date(T + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const window = { start: iso(HOUR), end: iso(3 * HOUR) };
    const queue = collectingQueue();
    const v2 = (external: string, isDryRun = false) =>
      scheduleAccountTask({
        supplier,
        ...stagedWith(stagedAccount(supplier, external)),
        isDryRun,
        window,
        now: new Date(T),
      });
    const message = (external: string, task: { task_id: string }) => ({
      import_supplier: supplier,
      external_account_number: external,
      task_id: task.task_id,
    });
    const snapshots: Record<string, { counters: unknown; recount: unknown }> = {};
    const snapshot = async (name: string) => {
      snapshots[name] = {
        counters: await summaryCounts(token, supplier),
        recount: await recount(token, supplier),
      };
    };
    // Act: v1 staging of two accounts
    for (const k of [0, 1])
      await stage(token, accountPayload({ external_account_number: `V1-${k}` }, supplier));
    // …v2: new accounts (in parallel), one v1-staged account, a dry run, a replacement, a real task replaced by a dry run
    const [processed, byV1, expiring] = await Promise.all(
      ['V2-RUN', 'V2-BYV1', 'V2-EXPIRE'].map((e) => v2(e)),
    );
    await v2('V1-0');
    const dryRun = await v2('V2-DRY', true);
    await Promise.all([v2('V2-REPLACE'), v2('V2-TO-DRY')]);
    await Promise.all([v2('V2-REPLACE'), v2('V2-TO-DRY', true)]);
    await v2('V2-CANCEL');
    await snapshot('scheduled');
    await cancelAccountTask(supplier, 'V2-CANCEL', new Date(T));
    await snapshot('cancelled');
    // …the worker runs a task, a dry run, and a task whose account v1 process/ created first
    const inWindow = new Date(T + HOUR + 1000);
    await processAccount(token, supplier, 'V2-BYV1');
    await processAccount(token, supplier, 'V1-1');
    const ran = [
      await runAccountTask(message('V2-RUN', processed?.task as { task_id: string }), inWindow),
      await runAccountTask(message('V2-DRY', dryRun.task), inWindow),
      await runAccountTask(message('V2-BYV1', byV1?.task as { task_id: string }), inWindow),
    ];
    await snapshot('processed');
    // …the window ends: the sweep cancels every live task; two v1 stagings made long ago expire
    const swept = await sweepAccountTasks(new Date(T + 3 * HOUR + 1000), queue, [supplier]);
    expect(await stagedLongAgo(supplier, ['OLD-1', 'OLD-2'])).toEqual([true, true]);
    await cancelExpired();
    await snapshot('expired');
    // Assess
    expect(expiring?.outcome).toBe('created');
    expect(ran).toEqual(['done', 'done', 'done']);
    expect(swept.cancelled).toBe(4);
    for (const [name, { counters, recount: recounted }] of Object.entries(snapshots))
      expect(counters, name).toEqual(recounted);
    expect(snapshots).toMatchObject({
      scheduled: { counters: { pending: 8, imported: 0, scheduled: 6 } },
      cancelled: { counters: { pending: 8, imported: 0, scheduled: 5 } },
      processed: { counters: { pending: 5, imported: 3, scheduled: 3 } },
      expired: { counters: { pending: 5, imported: 3, scheduled: 0 } },
    });
  });
});

describe('Supplier summary: within the token scope; an unknown supplier is 404 as on the lists', () => {
  it('answers 403 permission_denied for a supplier outside the token scope', async () => {
    const { supplier } = await newSupplierWithKey('SCOPE');
    const response = await api('GET', summaryPath(supplier), { token: await obtainToken() });
    expect(response.status).toBe(403);
    expect(response.json.code).toBe('permission_denied');
  });

  it('answers 404 import_supplier_not_found for an unknown supplier code', async () => {
    const response = await api('GET', summaryPath('NO-SUCH-SUPPLIER'), { token: await obtainToken() });
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ code: 'import_supplier_not_found', detail: expect.any(String) });
  });

  it('answers a Paused supplier too (reads are not refused when the migration is not ongoing)', async () => {
    const response = await api('GET', summaryPath('PAUSED-CO'), { token: await obtainToken() });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ code: 'PAUSED-CO', status: 'Paused' });
  });
});

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { createDataImportClient } from '../../client/data-import-client.js';
import { longestClaimSeconds } from '../../infra/routes.js';
import { accountPayload } from '../bench/payloads.js';
import { forAccount, readEvents } from '../support/events-file.js';
import { type Running, runtimeOnOwnData } from '../support/killable-runtime.js';

/**
 * The promise of a migration after a crash: the whole local runtime (`npm start -- --data-dir`)
 * is killed with SIGKILL half a second into a burst of v1 creations and v2 schedulings, and
 * started again on the same data. A client that follows Retry-After completes every v1 account
 * within one claim lifetime, and every v2 task whose window is open ends PROCESSED, once.
 */
const V1_ACCOUNTS = 12;
const V2_TASKS = 30;
const API_KEY = 'local-dev-key-acme';

vi.setConfig({ testTimeout: 600_000 });

function clientOf(running: Running) {
  return createDataImportClient({ baseUrl: running.url, apiKey: API_KEY });
}

/**
 * The burst: stage + process v1 accounts and schedule v2 tasks, all at once; errors are the
 * kill's. `started` resolves once the first task is scheduled (the engine then has work).
 */
function burst(running: Running, v1: readonly string[], v2: readonly string[]) {
  const { api } = clientOf(running);
  let firstScheduled: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    firstScheduled = resolve;
  });
  const creations = v1.map(async (external) => {
    await api.POST('/v1/data-import/account-import-process/create-or-update/', {
      body: accountPayload('ACME', external) as never,
    });
    await api.POST('/v1/data-import/account-import-process/process/', {
      body: { import_supplier: 'ACME', external_account_number: external },
    });
  });
  const schedulings = v2.map(async (external) => {
    const { response } = await api.POST('/v2/data-import/accounts/', {
      body: { payload: accountPayload('ACME', external), task_params: {} } as never,
    });
    if (response.status === 201) firstScheduled();
  });
  const done = Promise.allSettled([...creations, ...schedulings]).then(() => firstScheduled());
  return { started, done };
}

async function statusOf(running: Running, path: string): Promise<{ status: number; body: unknown }> {
  return clientOf(running).getJson(path);
}

describe('After a SIGKILL of the whole runtime and a restart on the same data, every account and task finishes', () => {
  const runtime = runtimeOnOwnData('kill-restart-');
  const { eventsFile } = runtime;

  it('v1 accounts complete for a client that follows Retry-After, within one claim lifetime; v2 tasks end PROCESSED once', async () => {
    // Prepare
    const run = randomUUID().slice(0, 8);
    const v1 = Array.from({ length: V1_ACCOUNTS }, (_, i) => `KILL-V1-${run}-${i}`);
    const v2 = Array.from({ length: V2_TASKS }, (_, i) => `KILL-V2-${run}-${i}`);
    let running = await runtime.start();
    const loading = burst(running, v1, v2);
    await loading.started;
    await sleep(500);

    // Act: kill everything mid-burst, start again on the same data
    await runtime.kill('SIGKILL');
    await loading.done;
    running = await runtime.start();
    const { api } = clientOf(running);
    const v1Outcomes = await Promise.all(
      v1.map(async (external) => {
        const staged = await statusOf(running, `/v1/data-import/account-transfer-status/ACME/${external}/`);
        if (staged.status === 404) return 'never staged';
        const { response } = await api.POST('/v1/data-import/account-import-process/process/', {
          body: { import_supplier: 'ACME', external_account_number: external },
        });
        return response.status;
      }),
    );
    const scheduled: string[] = [];
    for (const external of v2) {
      const task = await statusOf(running, `/v2/data-import/accounts/ACME/${external}/`);
      if (task.status === 200) scheduled.push(external);
    }
    const finalStatus = new Map<string, string>();
    const deadline = Date.now() + 4 * longestClaimSeconds() * 1000;
    while (finalStatus.size < scheduled.length && Date.now() < deadline) {
      for (const external of scheduled) {
        if (finalStatus.has(external)) continue;
        const task = await statusOf(running, `/v2/data-import/accounts/ACME/${external}/`);
        const status = (task.body as { status: string }).status;
        if (status !== 'PENDING' && status !== 'IN_PROGRESS') finalStatus.set(external, status);
      }
      await sleep(500);
    }

    // Assess
    expect(
      v1Outcomes.filter((outcome) => outcome !== 'never staged' && outcome !== 201 && outcome !== 409),
    ).toEqual([]);
    for (const [i, outcome] of v1Outcomes.entries()) {
      if (outcome === 'never staged') continue;
      const status = await statusOf(running, `/v1/data-import/account-transfer-status/ACME/${v1[i]}/`);
      expect(status.body).toMatchObject({ status: 'COMPLETED' });
    }
    expect(scheduled.length).toBeGreaterThan(0);
    expect([...finalStatus.values()].filter((status) => status !== 'PROCESSED')).toEqual([]);
    expect(finalStatus.size).toBe(scheduled.length);
    for (const external of [...scheduled, ...v1]) {
      const completes = new Set(
        readEvents(eventsFile)
          .filter((event) => event.detail.event_type === 'data_import.import_process.complete')
          .filter(forAccount(external))
          .map((event) => event.detail.event_id),
      );
      expect(completes.size).toBeLessThanOrEqual(1);
    }
  });
});

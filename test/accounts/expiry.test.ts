import { describe, expect, it, vi } from 'vitest';
import { handler as expiryHandler } from '../../functions/handlers/cancel-expired-import-processes.js';
import * as importProcessEvents from '../../functions/rules/account/import-process-events.js';
import { cancelImportProcesses } from '../../functions/store/import-process-expiry-store.js';
import {
  getImportProcess,
  getStagedAccount,
  writeStaging,
} from '../../functions/store/import-process-store.js';
import { expiryWindowEnd } from '../../functions/use-cases/expire-import-processes.js';
import { lambdaContext } from '../../infra/local/proxy-event.js';
import { applySeed } from '../../infra/ops/seed.js';
import { obtainToken } from '../support/auth.js';
import { waitForEvents } from '../support/events-file.js';
import { api } from '../support/http.js';
import { EVENT_WAIT, paths, stage } from './support/accounts.js';
import { newSupplierWithKey } from './support/seed-processes.js';
import { stagedAccount, stagedWith } from './support/store.js';

const cancelExpired = () => expiryHandler(undefined, lambdaContext('cancel-expired-import-processes'));

// Events reach the events file through the stream poller; allow for a busy shared runtime.
vi.setConfig({ testTimeout: 90_000 });

const DAY = 24 * 60 * 60 * 1000;

async function stageAt(supplier: string, external: string, stagedAt: Date) {
  const result = await writeStaging({
    supplier,
    externalAccountNumber: external,
    ...stagedWith(stagedAccount(supplier, external)),
    now: stagedAt,
    target: 'create',
  });
  expect(result.ok).toBe(true);
}

describe("Expiry: a staged process past its supplier's expiry window is cancelled", () => {
  it('cancels old pending processes in batches, removes them from every list, and emits cancelled', async () => {
    // Prepare: a supplier with a 5-day window; 60 processes staged 6 days ago, one 4 days ago
    const { supplier, apiKey } = await newSupplierWithKey('EXPIRY');
    await applySeed({
      suppliers: [{ code: supplier, status: 'Ongoing', root_location: 'x', expiry_window_days: 5 }],
      organisations: [],
    });
    const now = new Date();
    const old = Array.from({ length: 60 }, (_, i) => `OLD-${String(i).padStart(3, '0')}`);
    const oldStagedAt = new Date(now.getTime() - 6 * DAY);
    for (const external of old) await stageAt(supplier, external, oldStagedAt);
    await stageAt(supplier, 'RECENT-1', new Date(now.getTime() - 4 * DAY));

    // Act
    const result = await cancelExpired();

    // Assess
    const report = result.reports.find((entry) => entry.supplier === supplier);
    expect(report?.cancelled.sort()).toEqual(old);
    expect(await getImportProcess(supplier, 'OLD-000')).toMatchObject({
      lifecycle: 'CANCELLED',
      status: 'UNKNOWN',
    });
    expect((await getStagedAccount(supplier, 'OLD-000'))?.account).toBeUndefined();
    expect(await getImportProcess(supplier, 'RECENT-1')).toMatchObject({ lifecycle: 'STAGED' });

    const token = await obtainToken(apiKey);
    for (const list of [paths.all, paths.pending]) {
      const response = await api('GET', list(supplier), { token });
      expect(
        response.json.map((item: { external_account_number: string }) => item.external_account_number),
      ).toEqual(['RECENT-1']);
    }
    const status = await api('GET', paths.status(supplier, 'OLD-001'), { token });
    expect(status.status).toBe(404);
    expect(status.json.code).toBe('import_process_does_not_exist');

    const [event] = await waitForEvents(
      (e) =>
        e.detail.event_type === 'data_import.import_process.cancelled' &&
        e.detail.payload.external_identifier === 'OLD-007',
      EVENT_WAIT,
    );
    expect(event?.detail.payload).toEqual({
      resource_type: 'ACCOUNT',
      external_identifier: 'OLD-007',
      expiry_window_end: expiryWindowEnd(oldStagedAt.toISOString(), 5),
    });
  });

  it('a cancelled process can be staged again: 201, pending again', async () => {
    const token = await obtainToken();
    const external = `EXP-${Date.now()}-${Math.random()}`;
    await stageAt('ACME', external, new Date(Date.now() - 31 * DAY));
    await cancelExpired();
    expect(await getImportProcess('ACME', external)).toMatchObject({ lifecycle: 'CANCELLED' });

    const restaged = await stage(token, stagedAccount('ACME', external));

    expect(restaged.status).toBe(201);
    const status = await api('GET', paths.status('ACME', external), { token });
    expect(status.json).toEqual({ status: 'UNKNOWN', service_account_number: '' });
  });

  it('leaves a process untouched when it was staged again or processed after it was found', async () => {
    // Prepare: two old processes found by the sweep; one is re-staged before the cancellation
    const { supplier } = await newSupplierWithKey('RACE');
    const oldStagedAt = new Date(Date.now() - 40 * DAY).toISOString();
    await stageAt(supplier, 'GONE', new Date(oldStagedAt));
    await stageAt(supplier, 'KEPT', new Date(oldStagedAt));
    await writeStaging({
      supplier,
      externalAccountNumber: 'KEPT',
      ...stagedWith(stagedAccount(supplier, 'KEPT')),
      now: new Date(),
      target: 'replace',
    });

    // Act
    const cancelled = await cancelImportProcesses(
      supplier,
      ['GONE', 'KEPT'].map((external) => ({
        external_account_number: external,
        staged_at: oldStagedAt,
        event: importProcessEvents.cancelled(external, expiryWindowEnd(oldStagedAt, 30)),
      })),
      new Date(),
    );

    // Assess
    expect(cancelled).toEqual(['GONE']);
    expect(await getImportProcess(supplier, 'KEPT')).toMatchObject({
      lifecycle: 'STAGED',
      status: 'UNKNOWN',
    });
    expect((await getStagedAccount(supplier, 'KEPT'))?.account).toBeDefined();
  });
});

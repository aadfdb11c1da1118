import { describe, expect, it, vi } from 'vitest';
import { handler as cancelExpired } from '../../functions/handlers/cancel-expired-import-processes.js';
import { writeStaging } from '../../functions/store/import-process-store.js';
import { adjustSupplierCounters } from '../../functions/store/supplier-counter-store.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { accountPayload, paths, processAccount, stage } from './support/accounts.js';
import { newSupplierWithKey } from './support/seed-processes.js';
import { stagedAccount } from './support/store.js';

// Expiry sweeps every supplier of the shared table; allow for a busy shared runtime.
vi.setConfig({ testTimeout: 120_000 });

type Payload = ReturnType<typeof accountPayload>;

const DAY = 24 * 60 * 60 * 1000;

const summaryPath = (supplier: string) => `/v1/data-import/import-suppliers/${encodeURIComponent(supplier)}/`;

/** The supplier's accounts recounted from the pending and imported lists. */
async function recount(token: string, supplier: string) {
  const pending = await api('GET', paths.pending(supplier), { token });
  const imported = await api('GET', paths.imported(supplier), { token });
  return { pending: pending.json.length, imported: imported.json.length, scheduled: 0 };
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
    for (const external of ['OLD-1', 'OLD-2']) {
      const result = await writeStaging({
        supplier,
        externalAccountNumber: external,
        account: stagedAccount(supplier, external),
        now: new Date(Date.now() - 31 * DAY),
        target: 'create',
      });
      expect(result.ok).toBe(true);
    }
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
      accounts: { pending: 5, imported: 3, scheduled: 0 },
    });
    expect(beforeExpiry.json.accounts).toEqual({ pending: 7, imported: 3, scheduled: 0 });
    expect(afterExpiry.json.accounts).toEqual(await recount(token, supplier));
    expect(afterExpiry.json.accounts).toEqual({ pending: 5, imported: 3, scheduled: 0 });
  });

  it('the scheduled count is changed only through adjustSupplierCounters', async () => {
    // Prepare
    const { supplier, apiKey } = await newSupplierWithKey('SCH');
    const token = await obtainToken(apiKey);
    // Act
    await Promise.all([
      adjustSupplierCounters(supplier, { scheduled: 2 }),
      adjustSupplierCounters(supplier, { scheduled: 1 }),
    ]);
    const scheduled = await api('GET', summaryPath(supplier), { token });
    await adjustSupplierCounters(supplier, { scheduled: -3 });
    const none = await api('GET', summaryPath(supplier), { token });
    // Assess
    expect(scheduled.json.accounts).toEqual({ pending: 0, imported: 0, scheduled: 3 });
    expect(none.json.accounts).toEqual({ pending: 0, imported: 0, scheduled: 0 });
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

import { describe, expect, it, vi } from 'vitest';
import { validateEvent } from '../../functions/events/validate-event.js';
import { withoutNulls } from '../../functions/rules/account/account.js';
import { obtainToken } from '../support/auth.js';
import { type ArchivedEvent, forAccount, waitForEvents } from '../support/events-file.js';
import { api } from '../support/http.js';
import { accountPayload, EVENT_WAIT, paths, processAccount, stage } from './support/accounts.js';

// Events reach the events file through the stream poller; allow for a busy shared runtime.
vi.setConfig({ testTimeout: 90_000 });

function listed(items: { external_account_number: string }[], external: string) {
  return items.find((item) => item.external_account_number === external);
}

describe('The account import lifecycle over HTTP', () => {
  it('validate → stage 201 → re-stage 200 → UNKNOWN "" → process → COMPLETED → lists → events', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    const external: string = payload.external_account_number;

    // Act + Assess: validate returns the normalised payload (every field sent as null left out)
    const validated = await api('POST', paths.validate, { token, body: payload });
    expect(validated.status).toBe(200);
    expect(validated.json).toEqual(withoutNulls(payload));
    expect(validated.json).not.toHaveProperty('next_bill_due_date');

    // Act + Assess: first staging 201, re-staging 200 (replaces the staged data)
    const first = await stage(token, payload);
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ import_supplier: 'ACME', external_account_number: external });
    const again = await stage(token, { ...payload, billing_name: 'A. Hartley' });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ import_supplier: 'ACME', external_account_number: external });

    // Act + Assess: pending
    const pendingStatus = await api('GET', paths.status('ACME', external), { token });
    expect(pendingStatus.json).toEqual({ status: 'UNKNOWN', service_account_number: '' });
    const pendingList = await api('GET', paths.pending('ACME'), { token, query: { page_size: 10000 } });
    expect(listed(pendingList.json, external)).toEqual({
      external_account_number: external,
      service_account_number: null,
      account_created_at: null,
    });
    const allWhilePending = await api('GET', paths.all('ACME'), { token, query: { page_size: 10000 } });
    expect(listed(allWhilePending.json, external)).toEqual({
      external_account_number: external,
      service_account_number: null,
      account_created_at: null,
    });
    const importedWhilePending = await api('GET', paths.imported('ACME'), {
      token,
      query: { page_size: 10000 },
    });
    expect(listed(importedWhilePending.json, external)).toBeUndefined();

    // Act + Assess: process creates the account
    const created = await processAccount(token, 'ACME', external);
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      import_supplier: 'ACME',
      external_account_number: external,
      service_account_number: expect.stringMatching(/^A-[0-9A-F]{8}$/),
    });
    const number: string = created.json.service_account_number;

    const completed = await api('GET', paths.status('ACME', external), { token });
    expect(completed.json).toEqual({ status: 'COMPLETED', service_account_number: number });

    // Assess: lists
    const imported = await api('GET', paths.imported('ACME'), { token, query: { page_size: 10000 } });
    const importedItem = listed(imported.json, external);
    expect(importedItem).toEqual({
      external_account_number: external,
      service_account_number: number,
      account_created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
    });
    const all = await api('GET', paths.all('ACME'), { token, query: { page_size: 10000 } });
    expect(listed(all.json, external)).toEqual(importedItem);
    const pendingAfter = await api('GET', paths.pending('ACME'), { token, query: { page_size: 10000 } });
    expect(listed(pendingAfter.json, external)).toBeUndefined();

    // Assess: events, valid against the catalogue
    const [complete] = await waitForEvents(
      (event) =>
        event.detail.event_type === 'data_import.import_process.complete' && forAccount(external)(event),
      EVENT_WAIT,
    );
    const [accountCreated] = await waitForEvents(
      (event: ArchivedEvent) =>
        event.detail.event_type === 'account.created' && event.detail.payload.account_number === number,
      EVENT_WAIT,
    );
    expect(complete?.['detail-type']).toBe('data_import.import_process.complete@v1');
    expect(complete?.detail.payload).toEqual({
      resource_type: 'ACCOUNT',
      external_identifier: external,
      identifier: number,
    });
    expect(accountCreated?.['detail-type']).toBe('account.created@v1');
    expect(accountCreated?.detail.payload).toEqual({
      account_number: number,
      account_user_emails: ['amelia.hartley@example.com'],
      is_imported: true,
    });
    for (const event of [complete, accountCreated]) expect(validateEvent(event?.detail).valid).toBe(true);
  });
});

describe('Dry run: every check, nothing kept', () => {
  it('answers 200 {dry_run: true, detail}, keeps the process pending and emits dry_run_complete', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    const external: string = payload.external_account_number;
    expect((await stage(token, payload)).status).toBe(201);

    // Act
    const dryRun = await processAccount(token, 'ACME', external, true);

    // Assess
    expect(dryRun.status).toBe(200);
    expect(dryRun.json).toEqual({ dry_run: true, detail: expect.any(String) });
    const status = await api('GET', paths.status('ACME', external), { token });
    expect(status.json).toEqual({ status: 'UNKNOWN', service_account_number: '' });
    const [event] = await waitForEvents(
      (e) => e.detail.event_type === 'data_import.import_process.dry_run_complete' && forAccount(external)(e),
      EVENT_WAIT,
    );
    expect(event?.detail.payload).toEqual({ resource_type: 'ACCOUNT', external_identifier: external });
    expect(validateEvent(event?.detail).valid).toBe(true);
  });

  it('dry_run: false creates the account as without it', async () => {
    const token = await obtainToken();
    const payload = accountPayload();
    expect((await stage(token, payload)).status).toBe(201);
    const created = await processAccount(token, 'ACME', payload.external_account_number, false);
    expect(created.status).toBe(201);
  });
});

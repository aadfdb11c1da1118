import { describe, expect, it, vi } from 'vitest';
import { obtainToken } from '../support/auth.js';
import { readEvents, waitForEvents } from '../support/events-file.js';
import { api } from '../support/http.js';
import { accountPayload, EVENT_WAIT, paths, processAccount, stage } from './support/accounts.js';

// Events reach the events file through the stream poller; allow for a busy shared runtime.
vi.setConfig({ testTimeout: 90_000 });

describe('Concurrent process calls for one staged account', () => {
  it('create exactly one account and one account.created event; the others get 409', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    const external: string = payload.external_account_number;
    expect((await stage(token, payload)).status).toBe(201);

    // Act
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => processAccount(token, 'ACME', external)),
    );

    // Assess
    const created = responses.filter((response) => response.status === 201);
    const conflicts = responses.filter((response) => response.status === 409);
    expect(created).toHaveLength(1);
    expect(conflicts).toHaveLength(19);
    for (const conflict of conflicts) {
      expect(['import_process_in_progress', 'account_import_process_already_imported']).toContain(
        conflict.json.code,
      );
    }
    const number = created[0]?.json.service_account_number;
    const status = await api('GET', paths.status('ACME', external), { token });
    expect(status.json).toEqual({ status: 'COMPLETED', service_account_number: number });
    await waitForEvents(
      (event) =>
        event.detail.event_type === 'account.created' && event.detail.payload.account_number === number,
      EVENT_WAIT,
    );
    const completes = readEvents().filter(
      (event) =>
        event.detail.event_type === 'data_import.import_process.complete' &&
        event.detail.payload.external_identifier === external,
    );
    expect(completes).toHaveLength(1);
    const accountCreated = readEvents().filter(
      (event) =>
        event.detail.event_type === 'account.created' && event.detail.payload.account_number === number,
    );
    expect(accountCreated).toHaveLength(1);
  });
});

describe('Concurrent identical stagings', () => {
  it('stage the account once: exactly one 201, the others 200', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();

    // Act
    const responses = await Promise.all(Array.from({ length: 10 }, () => stage(token, payload)));

    // Assess
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(9);
  });
});

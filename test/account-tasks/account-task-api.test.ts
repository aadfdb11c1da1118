import { describe, expect, it, vi } from 'vitest';
import { validateEvent } from '../../functions/events/validate-event.js';
import { accountPayload, processAccount as processOverHttp, stage } from '../accounts/support/accounts.js';
import { obtainToken } from '../support/auth.js';
import { forAccount, waitForEvents } from '../support/events-file.js';
import { api } from '../support/http.js';
import { fromNow, HOUR, schedule, v2Paths, waitForStatus } from './support.js';

// The shared runtime's worker runs due tasks; events reach the events file through the stream.
vi.setConfig({ testTimeout: 90_000 });

const ended = (status: string) => status !== 'PENDING' && status !== 'IN_PROGRESS';
const STATUS_OBJECT_KEYS = [
  'created_at',
  'external_account_number',
  'import_supplier',
  'is_dry_run',
  'latest_error',
  'latest_event',
  'modified_at',
  'schedule_window_end',
  'schedule_window_start',
  'service_identifier',
  'status',
];

describe('Scheduling answers 201 with the status object of a new PENDING task', () => {
  it('defaults: dry run false, window from now for 24 hours, latest event CREATED', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    const before = Date.now();

    // Act
    const response = await schedule(token, payload, { schedule_window_start: fromNow(HOUR) });

    // Assess
    expect(response.status).toBe(201);
    expect(Object.keys(response.json).sort()).toEqual(STATUS_OBJECT_KEYS);
    expect(response.json).toMatchObject({
      import_supplier: 'ACME',
      external_account_number: payload.external_account_number,
      status: 'PENDING',
      service_identifier: null,
      is_dry_run: false,
      latest_event: { event: 'EVENT_ACCOUNT_IMPORT_PROCESS_CREATED', data: null },
      latest_error: null,
    });
    const start = Date.parse(response.json.schedule_window_start);
    expect(Date.parse(response.json.schedule_window_end) - start).toBe(24 * HOUR);
    expect(start).toBeGreaterThanOrEqual(before + HOUR - 1000);
    expect(response.json.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('stages the account as v1 does, so the v1 status endpoint sees it pending', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();

    // Act
    await schedule(token, payload, { schedule_window_start: fromNow(HOUR) });
    const v1 = await api(
      'GET',
      `/v1/data-import/account-transfer-status/ACME/${encodeURIComponent(payload.external_account_number)}/`,
      { token },
    );

    // Assess
    expect(v1.status).toBe(200);
    expect(v1.json.status).toBe('UNKNOWN');
  });
});

describe('A task whose window has started is run by the worker: PROCESSED with the v1 events', () => {
  it('ends PROCESSED with the service account number, emitting complete and account.created (catalogue-valid)', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();

    // Act
    await schedule(token, payload);
    const done = await waitForStatus(token, 'ACME', payload.external_account_number, ended);

    // Assess
    expect(done.json.status).toBe('PROCESSED');
    expect(done.json.service_identifier).toMatch(/^A-[0-9A-F]{8}$/);
    expect(done.json.latest_event.event).toBe('EVENT_ACCOUNT_IMPORT_PROCESS_PROCESSED');
    const [complete] = await waitForEvents(
      (e) =>
        e.detail.event_type === 'data_import.import_process.complete' &&
        forAccount(payload.external_account_number)(e),
    );
    expect(complete?.detail.payload.identifier).toBe(done.json.service_identifier);
    expect(validateEvent(complete?.detail).valid).toBe(true);
    const created = await waitForEvents(
      (e) =>
        e.detail.event_type === 'account.created' &&
        e.detail.payload.account_number === done.json.service_identifier,
    );
    expect(created).toHaveLength(1);
    expect(validateEvent(created[0]?.detail).valid).toBe(true);
  });
});

describe('Dry runs keep nothing: DRY_RUN_SUCCEEDED or DRY_RUN_ERRORED with their events', () => {
  it('a valid dry run ends DRY_RUN_SUCCEEDED with dry_run_complete and creates no account', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();

    // Act
    await schedule(token, payload, { is_dry_run: true });
    const done = await waitForStatus(token, 'ACME', payload.external_account_number, ended);

    // Assess
    expect(done.json).toMatchObject({
      status: 'DRY_RUN_SUCCEEDED',
      is_dry_run: true,
      service_identifier: null,
    });
    const [event] = await waitForEvents(
      (e) =>
        e.detail.event_type === 'data_import.import_process.dry_run_complete' &&
        forAccount(payload.external_account_number)(e),
    );
    expect(validateEvent(event?.detail).valid).toBe(true);
    const v1 = await api(
      'GET',
      `/v1/data-import/account-transfer-status/ACME/${encodeURIComponent(payload.external_account_number)}/`,
      { token },
    );
    expect(v1.status).toBe(404);
  });

  it('scheduling a dry run of an account already imported is a 409, as a real task is', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    await stage(token, payload);
    await processOverHttp(token, 'ACME', payload.external_account_number);

    // Act
    const response = await schedule(token, payload, { is_dry_run: true });

    // Assess
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('account_import_process_already_imported');
  });
});

describe('Window rules', () => {
  it.each([
    [
      'a start more than 60 s in the past',
      { schedule_window_start: fromNow(-5 * 60_000) },
      'schedule_window_start',
      'schedule_window_start_in_past',
    ],
    [
      'an end more than 4 days ahead',
      { schedule_window_end: fromNow(4 * 24 * HOUR + 10 * 60_000) },
      'schedule_window_end',
      'schedule_window_end_too_far_in_future',
    ],
    [
      'a start not before its end',
      { schedule_window_start: fromNow(2 * HOUR), schedule_window_end: fromNow(HOUR) },
      'schedule_window_start',
      'schedule_window_start_after_end',
    ],
    [
      'a window of no length: start and end within the same second',
      {
        schedule_window_start: fromNow(HOUR).replace('Z', '.100Z'),
        schedule_window_end: fromNow(HOUR).replace('Z', '.900Z'),
      },
      'schedule_window_start',
      'schedule_window_start_after_end',
    ],
    [
      'a window entirely in the past (its start within the 60 s tolerance)',
      { schedule_window_start: fromNow(-50_000), schedule_window_end: fromNow(-10_000) },
      'schedule_window_end',
      'schedule_window_end_in_past',
    ],
    [
      'a leap second',
      { schedule_window_start: '2026-12-31T23:59:60Z' },
      'schedule_window_start',
      'invalid_datetime',
    ],
    [
      'an hour-only offset',
      { schedule_window_start: fromNow(HOUR).replace('Z', '+01') },
      'schedule_window_start',
      'invalid_datetime',
    ],
  ])('%s is a 400 invalid_request with its code on task_params', async (_, params, field, code) => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();

    // Act
    const response = await schedule(token, payload, params);

    // Assess
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('invalid_request');
    expect(response.json.errors).toContainEqual(
      expect.objectContaining({ attr: `task_params.${field}`, code }),
    );
    expect(
      (await api('GET', v2Paths.status('ACME', payload.external_account_number), { token })).status,
    ).toBe(404);
  });

  it('a start 30 s in the past is accepted', async () => {
    const token = await obtainToken();
    const response = await schedule(token, accountPayload(), {
      schedule_window_start: fromNow(-30_000),
      is_dry_run: true,
    });
    expect(response.status).toBe(201);
  });

  it('task_params is required', async () => {
    const token = await obtainToken();
    const response = await api('POST', v2Paths.schedule, { token, body: { payload: accountPayload() } });
    expect(response.status).toBe(400);
    expect(response.json.errors).toContainEqual(
      expect.objectContaining({ attr: 'task_params', code: 'required' }),
    );
  });
});

describe('Validation at scheduling: the same rules as v1, paths under payload.', () => {
  it('a bad mobile is a 400 account_failed_validation at payload.customers.0.mobile, answered alike by validate', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    payload.customers[0].mobile = 'not a phone';

    // Act
    const scheduled = await schedule(token, payload);
    const validated = await api('POST', v2Paths.validate, { token, body: { payload } });

    // Assess
    expect(scheduled.status).toBe(400);
    expect(scheduled.json.code).toBe('account_failed_validation');
    expect(scheduled.json.errors).toContainEqual(
      expect.objectContaining({ attr: 'payload.customers.0.mobile' }),
    );
    expect(validated.status).toBe(400);
    expect(validated.json).toEqual(scheduled.json);
  });

  it('validate answers 200 {import_supplier, external_account_number} and keeps nothing', async () => {
    const token = await obtainToken();
    const payload = accountPayload();
    const response = await api('POST', v2Paths.validate, { token, body: { payload } });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      import_supplier: 'ACME',
      external_account_number: payload.external_account_number,
    });
    expect(
      (await api('GET', v2Paths.status('ACME', payload.external_account_number), { token })).status,
    ).toBe(404);
  });
});

describe('Supplier rules', () => {
  it('an unknown supplier is a 400 import_supplier_does_not_exist at payload.import_supplier', async () => {
    const token = await obtainToken();
    const response = await schedule(token, accountPayload({}, 'NO-SUCH-SUPPLIER'));
    expect(response.status).toBe(400);
    expect(response.json.errors).toContainEqual(
      expect.objectContaining({ attr: 'payload.import_supplier', code: 'import_supplier_does_not_exist' }),
    );
  });

  it('a supplier outside the token scope is a 403', async () => {
    const token = await obtainToken('local-dev-key-globex');
    const response = await schedule(token, accountPayload());
    expect(response.status).toBe(403);
    expect(response.json.code).toBe('permission_denied');
  });

  it('a paused supplier is a 409 import_supplier_migration_not_ongoing', async () => {
    const token = await obtainToken();
    const response = await schedule(token, accountPayload({}, 'PAUSED-CO'));
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('import_supplier_migration_not_ongoing');
  });
});

describe('Replacing, re-scheduling and cancelling', () => {
  it('scheduling again while PENDING replaces the task: 200', async () => {
    const token = await obtainToken();
    const payload = accountPayload();
    await schedule(token, payload, { schedule_window_start: fromNow(HOUR) });
    const replaced = await schedule(token, payload, { schedule_window_start: fromNow(2 * HOUR) });
    expect(replaced.status).toBe(200);
    expect(replaced.json.status).toBe('PENDING');
  });

  it('cancel of a PENDING task: 200 CANCELLED with cancelled (expiry_window_end = window end); then 409; re-scheduling is 201', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    const external = payload.external_account_number;
    const scheduled = await schedule(token, payload, { schedule_window_start: fromNow(HOUR) });

    // Act
    const cancelled = await api('POST', v2Paths.cancel('ACME', external), { token, body: {} });
    const again = await api('POST', v2Paths.cancel('ACME', external), { token });
    const rescheduled = await schedule(token, payload, { schedule_window_start: fromNow(HOUR) });

    // Assess
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe('CANCELLED');
    expect(cancelled.json.latest_event.event).toBe('EVENT_ACCOUNT_IMPORT_PROCESS_CANCELLED');
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('import_process_not_pending');
    expect(rescheduled.status).toBe(201);
    const [event] = await waitForEvents(
      (e) => e.detail.event_type === 'data_import.import_process.cancelled' && forAccount(external)(e),
    );
    expect(event?.detail.payload.expiry_window_end).toBe(scheduled.json.schedule_window_end);
    expect(validateEvent(event?.detail).valid).toBe(true);
  });

  it('cancel of a PROCESSED task is a 409 import_process_not_pending; scheduling it again is a 409 already imported', async () => {
    const token = await obtainToken();
    const payload = accountPayload();
    await schedule(token, payload);
    await waitForStatus(token, 'ACME', payload.external_account_number, ended);
    const cancel = await api('POST', v2Paths.cancel('ACME', payload.external_account_number), { token });
    const again = await schedule(token, payload);
    expect(cancel.status).toBe(409);
    expect(cancel.json.code).toBe('import_process_not_pending');
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('account_import_process_already_imported');
    expect(again.json.service_account_number).toMatch(/^A-/);
  });
});

describe('The cancel body is none or {}: anything else is a 400 that cancels nothing', () => {
  it.each([
    ['malformed JSON', '{not json', 'parse_error', undefined],
    ['an array', '[]', 'invalid_request', 'invalid_type'],
    ['null', 'null', 'invalid_request', 'invalid_type'],
    ['a string', '"str"', 'invalid_request', 'invalid_type'],
    ['an unknown field', '{"foo":1}', 'invalid_request', 'unknown_field'],
  ])('%s (%s) is a 400 %s; the task stays PENDING', async (_, rawBody, code, fieldCode) => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    const external = payload.external_account_number;
    expect((await schedule(token, payload, { schedule_window_start: fromNow(HOUR) })).status).toBe(201);

    // Act
    const response = await api('POST', v2Paths.cancel('ACME', external), { token, rawBody });

    // Assess
    expect(response.status).toBe(400);
    expect(response.json.code).toBe(code);
    if (fieldCode) expect(response.json.errors).toContainEqual(expect.objectContaining({ code: fieldCode }));
    const status = await api('GET', v2Paths.status('ACME', external), { token });
    expect(status.json.status).toBe('PENDING');
  });

  it('no body, an empty body or {} cancels: 200 CANCELLED', async () => {
    // Prepare
    const token = await obtainToken();
    const payloads = [accountPayload(), accountPayload(), accountPayload()];
    for (const payload of payloads) await schedule(token, payload, { schedule_window_start: fromNow(HOUR) });
    const [none, empty, object] = payloads.map((payload) =>
      v2Paths.cancel('ACME', payload.external_account_number),
    );

    // Act
    const responses = [
      await api('POST', none!, { token }),
      await api('POST', empty!, { token, rawBody: '' }),
      await api('POST', object!, { token, rawBody: '{}' }),
    ];

    // Assess
    expect(responses.map((response) => [response.status, response.json.status])).toEqual([
      [200, 'CANCELLED'],
      [200, 'CANCELLED'],
      [200, 'CANCELLED'],
    ]);
  });
});

describe('The status endpoint', () => {
  it('answers 404 import_process_does_not_exist for an account staged through v1 only', async () => {
    const token = await obtainToken();
    const payload = accountPayload();
    await stage(token, payload);
    const response = await api('GET', v2Paths.status('ACME', payload.external_account_number), { token });
    expect(response.status).toBe(404);
    expect(response.json.code).toBe('import_process_does_not_exist');
  });

  it('answers 404 account_not_found for an unknown supplier and 403 outside the scope', async () => {
    const token = await obtainToken();
    expect((await api('GET', v2Paths.status('NO-SUCH', 'X'), { token })).json.code).toBe('account_not_found');
    expect((await api('GET', v2Paths.status('GLOBEX', 'X'), { token })).status).toBe(403);
  });
});

import { describe, expect, it } from 'vitest';
import { validateEvent } from '../../functions/events/validate-event.js';
import { isoDate, nextDay } from '../../functions/rules/values/dates.js';
import { accountPayload, EVENT_WAIT, externalNumber } from '../accounts/support/accounts.js';
import { obtainToken } from '../support/auth.js';
import { type ArchivedEvent, readEvents, waitForEvents } from '../support/events-file.js';
import { getStatuses, importAccount, mpxnsOf, sendRegistrationFlows } from './support/meter-points-api.js';

const REQUESTED = 'lifecycle.join-supplier.requested@v1';
const requestedFor = (serviceAccountNumber: string) => (event: ArchivedEvent) =>
  event['detail-type'] === REQUESTED && event.detail.payload.account_number === serviceAccountNumber;

/**
 * An account whose electricity meter point's agreements start in the future (billed by the old
 * supplier to before its supply began here, so no agreement must cover that date; no bills carried).
 */
function payloadWithFutureAgreement(): ReturnType<typeof accountPayload> {
  const payload = accountPayload();
  const [electricity] = payload.supply_addresses[0].meter_points;
  electricity.agreements = [
    { tariff_code: 'VAR', effective_from: '2099-01-15', effective_to: '2099-03-01' },
    { tariff_code: 'FIX-12M', effective_from: '2099-03-01' },
  ];
  electricity.last_billed_to_date = '2023-03-31';
  payload.historical_statement_transactions = [];
  payload.statements = [];
  delete payload.transfer_balance;
  return payload;
}

describe('Send registration flows requests every meter point in PRE_REGISTRATION', () => {
  it('answers REGISTRATION_FLOW_SUCCESS for each, moves them to REGISTRATION_REQUESTED and emits one join-supplier.requested', async () => {
    // Prepare
    const token = await obtainToken();
    const { payload, external, serviceAccountNumber } = await importAccount(
      token,
      payloadWithFutureAgreement(),
    );
    const [mpan, mprn] = mpxnsOf(payload);

    // Act
    const response = await sendRegistrationFlows(token, external);

    // Assess
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      import_supplier_code: 'ACME',
      external_account_number: external,
      meter_points: [
        { mpxn: mpan, status: 'REGISTRATION_FLOW_SUCCESS' },
        { mpxn: mprn, status: 'REGISTRATION_FLOW_SUCCESS' },
      ],
    });
    expect((await getStatuses(token, external)).json).toEqual([
      { mpxn: mpan, status: 'REGISTRATION_REQUESTED' },
      { mpxn: mprn, status: 'REGISTRATION_REQUESTED' },
    ]);
    const [event] = await waitForEvents(requestedFor(serviceAccountNumber), EVENT_WAIT);
    expect(validateEvent(event!.detail)).toMatchObject({ valid: true });
    expect(event!.source).toBe('data-import');
    const tomorrow = nextDay(isoDate(new Date()));
    expect(event!.detail.payload).toEqual({
      account_number: serviceAccountNumber,
      join_supplier_process_number: expect.stringMatching(/^JSP-[0-9A-F]{8}$/),
      subtype: 'MIGRATION',
      supply_points: [
        {
          external_identifier: mpan,
          market_name: 'GB_ELECTRICITY',
          requested_supply_start_date: '2099-01-15',
        },
        // No agreement (or one that started already): tomorrow (the date may roll over at midnight UTC).
        {
          external_identifier: mprn,
          market_name: 'GB_GAS',
          requested_supply_start_date: expect.stringMatching(
            new RegExp(`^(${tomorrow}|${nextDay(tomorrow)})$`),
          ),
        },
      ],
      requested_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
    });
  });

  it('asks for tomorrow when the earliest agreement started already', async () => {
    // Prepare: the fixture's electricity agreement started in 2023
    const token = await obtainToken();
    const { serviceAccountNumber, external } = await importAccount(token);

    // Act
    expect((await sendRegistrationFlows(token, external, {})).status).toBe(200);

    // Assess
    const [event] = await waitForEvents(requestedFor(serviceAccountNumber), EVENT_WAIT);
    const dates = event!.detail.payload.supply_points.map(
      (point: { requested_supply_start_date: string }) => point.requested_supply_start_date,
    );
    for (const date of dates) expect(date > isoDate(new Date(Date.now() - 86_400_000))).toBe(true);
    expect(new Set(dates).size).toBe(1);
  });

  it('answers a second call with an error item per meter point naming REGISTRATION_REQUESTED, and emits no second event', async () => {
    // Prepare
    const token = await obtainToken();
    const { payload, external, serviceAccountNumber } = await importAccount(token);
    expect((await sendRegistrationFlows(token, external)).status).toBe(200);

    // Act
    const second = await sendRegistrationFlows(token, external, {});

    // Assess
    expect(second.status).toBe(200);
    expect(second.json.meter_points).toEqual(
      mpxnsOf(payload).map((mpxn) => ({
        mpxn,
        status: 'REGISTRATION_FLOW_ERROR',
        error_detail: expect.stringContaining('REGISTRATION_REQUESTED'),
      })),
    );
    await waitForEvents(requestedFor(serviceAccountNumber), EVENT_WAIT);
    // A later account's event, written after the second call, has been published: no second one for ours.
    const marker = await importAccount(token);
    expect((await sendRegistrationFlows(token, marker.external)).status).toBe(200);
    await waitForEvents(requestedFor(marker.serviceAccountNumber), EVENT_WAIT);
    expect(readEvents().filter(requestedFor(serviceAccountNumber))).toHaveLength(1);
  });

  it('requests each meter point once when 20 calls run at the same time (one event)', async () => {
    // Prepare
    const token = await obtainToken();
    const { payload, external, serviceAccountNumber } = await importAccount(token);

    // Act
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => sendRegistrationFlows(token, external)),
    );

    // Assess
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const mpxn of mpxnsOf(payload)) {
      const successes = responses.filter((r) =>
        r.json.meter_points.some(
          (item: { mpxn: string; status: string }) =>
            item.mpxn === mpxn && item.status === 'REGISTRATION_FLOW_SUCCESS',
        ),
      );
      expect(successes).toHaveLength(1);
    }
    const marker = await importAccount(token);
    expect((await sendRegistrationFlows(token, marker.external)).status).toBe(200);
    await waitForEvents(requestedFor(marker.serviceAccountNumber), EVENT_WAIT);
    const events = readEvents().filter(requestedFor(serviceAccountNumber));
    expect(
      events
        .flatMap((e) =>
          e.detail.payload.supply_points.map((p: { external_identifier: string }) => p.external_identifier),
        )
        .sort(),
    ).toEqual(mpxnsOf(payload).sort());
  });

  it('changes and emits nothing in a dry run, answering what a real call would', async () => {
    // Prepare
    const token = await obtainToken();
    const { payload, external, serviceAccountNumber } = await importAccount(token);

    // Act
    const dryRun = await sendRegistrationFlows(token, external, { dry_run: true });

    // Assess
    expect(dryRun.status).toBe(200);
    expect(dryRun.json).toEqual({
      dry_run: true,
      result: {
        import_supplier_code: 'ACME',
        external_account_number: external,
        meter_points: mpxnsOf(payload).map((mpxn) => ({ mpxn, status: 'REGISTRATION_FLOW_SUCCESS' })),
      },
    });
    expect((await getStatuses(token, external)).json.map((s: { status: string }) => s.status)).toEqual([
      'PRE_REGISTRATION',
      'PRE_REGISTRATION',
    ]);
    const real = await sendRegistrationFlows(token, external);
    expect(
      real.json.meter_points.every((item: { status: string }) => item.status === 'REGISTRATION_FLOW_SUCCESS'),
    ).toBe(true);
    await waitForEvents(requestedFor(serviceAccountNumber), EVENT_WAIT);
    expect(readEvents().filter(requestedFor(serviceAccountNumber))).toHaveLength(1);
  });
});

describe('Send registration flows answers as the post-import POSTs do', () => {
  it('answers 409 import_supplier_migration_not_ongoing for a paused supplier', async () => {
    const token = await obtainToken();
    const response = await sendRegistrationFlows(token, externalNumber(), undefined, 'PAUSED-CO');
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('import_supplier_migration_not_ongoing');
  });

  it('answers 403 permission_denied outside the token scope', async () => {
    const token = await obtainToken('local-dev-key-globex');
    const response = await sendRegistrationFlows(token, externalNumber());
    expect(response.status).toBe(403);
    expect(response.json.code).toBe('permission_denied');
  });

  it('answers 404 account_not_found for an account that is not imported and for an unknown supplier', async () => {
    const token = await obtainToken();
    for (const supplier of ['ACME', 'NO-SUCH-SUPPLIER']) {
      const response = await sendRegistrationFlows(token, externalNumber(), {}, supplier);
      expect(response.status).toBe(404);
      expect(response.json.code).toBe('account_not_found');
    }
  });

  it('answers 400 unknown_field for a body with another field', async () => {
    const token = await obtainToken();
    const { external } = await importAccount(token);
    const response = await sendRegistrationFlows(token, external, { dryrun: true });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([expect.objectContaining({ code: 'unknown_field' })]);
    expect((await getStatuses(token, external)).json[0].status).toBe('PRE_REGISTRATION');
  });
});

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, TABLE_NAME } from '../../functions/store/dynamodb.js';
import { keys } from '../../functions/store/keys.js';
import { schedule, waitForStatus } from '../account-tasks/support.js';
import {
  accountPayload,
  externalNumber,
  paths,
  processAccount,
  stage,
} from '../accounts/support/accounts.js';
import { obtainToken } from '../support/auth.js';
import { forAccount, waitForEvents } from '../support/events-file.js';
import { api } from '../support/http.js';
import { randomMpan } from '../support/meter-points.js';
import { getStatuses, importAccount, mpxnsOf } from './support/meter-points-api.js';

async function claimOf(mpxn: string) {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.meterPoint(mpxn), ConsistentRead: true }),
  );
  return Item;
}

/** Two fresh payloads whose first meter point is the same MPAN. */
function twoAccountsSharing(mpan: string) {
  return [accountPayload(), accountPayload()].map((payload) => {
    payload.supply_addresses[0].meter_points[0].identifier = mpan;
    return payload;
  });
}

describe('Identifiers are checked when an account is validated or staged (400 account_failed_validation)', () => {
  it('refuses an MPAN with a wrong check digit with invalid_supply_point_identifier at its path', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    const good = payload.supply_addresses[0].meter_points[0].identifier as string;
    payload.supply_addresses[0].meter_points[0].identifier = `${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}`;

    // Act
    const validated = await api('POST', paths.validate, { token, body: payload });
    const staged = await stage(token, payload);

    // Assess
    for (const response of [validated, staged]) {
      expect(response.status).toBe(400);
      expect(response.json.code).toBe('account_failed_validation');
      expect(response.json.errors).toEqual([
        expect.objectContaining({
          attr: 'supply_addresses.0.meter_points.0.identifier',
          code: 'invalid_supply_point_identifier',
        }),
      ]);
    }
    expect((await api('GET', paths.status('ACME', payload.external_account_number), { token })).status).toBe(
      404,
    );
  });

  it('refuses a 5-digit MPRN with invalid_supply_point_identifier and the same identifier at two supply addresses with duplicate_meter_points_on_different_supply_addresses_provided', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    payload.supply_addresses[0].meter_points[1].identifier = '12345';
    payload.supply_addresses.push({
      ...structuredClone(payload.supply_addresses[0]),
      supply_address1: '14 Orchard Lane',
      meter_points: [structuredClone(payload.supply_addresses[0].meter_points[0])],
    });

    // Act
    const response = await api('POST', paths.validate, { token, body: payload });

    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          attr: 'supply_addresses.0.meter_points.1.identifier',
          code: 'invalid_supply_point_identifier',
        }),
        expect.objectContaining({ code: 'duplicate_meter_points_on_different_supply_addresses_provided' }),
      ]),
    );
  });
});

describe('A meter point belongs to one imported account at most', () => {
  it('refuses to process a second account with a claimed meter point: 409 meter_point_already_assigned, nothing created', async () => {
    // Prepare
    const token = await obtainToken();
    const [first, second] = twoAccountsSharing(randomMpan());
    const created = await importAccount(token, first);
    expect((await stage(token, second!)).status).toBe(201);

    // Act
    const refused = await processAccount(token, 'ACME', second!.external_account_number);

    // Assess
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'meter_point_already_assigned', detail: expect.any(String) });
    const status = await api('GET', paths.status('ACME', second!.external_account_number), { token });
    expect(status.json).toEqual({ status: 'UNKNOWN', service_account_number: '' });
    const [sharedMpan, ownMprn] = mpxnsOf(second!);
    expect((await claimOf(sharedMpan!))?.account_number).toBe(created.serviceAccountNumber);
    expect(await claimOf(ownMprn!)).toBeUndefined();
    expect((await getStatuses(token, second!.external_account_number)).status).toBe(404);
  });

  it('creates exactly one of two accounts sharing an MPAN processed at the same time; the other gets 409', async () => {
    // Prepare
    const token = await obtainToken();
    const payloads = twoAccountsSharing(randomMpan());
    for (const payload of payloads) expect((await stage(token, payload)).status).toBe(201);

    // Act
    const responses = await Promise.all(
      payloads.map((payload) => processAccount(token, 'ACME', payload.external_account_number)),
    );

    // Assess
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const loserIndex = responses.findIndex((r) => r.status === 409);
    const winner = responses[1 - loserIndex]!;
    const loser = payloads[loserIndex]!;
    expect(responses[loserIndex]!.json.code).toBe('meter_point_already_assigned');
    const [sharedMpan, loserMprn] = mpxnsOf(loser);
    expect((await claimOf(sharedMpan!))?.account_number).toBe(winner.json.service_account_number);
    expect(await claimOf(loserMprn!)).toBeUndefined();
    const loserStatus = await api('GET', paths.status('ACME', loser.external_account_number), { token });
    expect(loserStatus.json).toEqual({ status: 'UNKNOWN', service_account_number: '' });
  });

  it('reports a claimed meter point in a dry run of processing, keeping nothing', async () => {
    // Prepare
    const token = await obtainToken();
    const [first, second] = twoAccountsSharing(randomMpan());
    await importAccount(token, first);
    expect((await stage(token, second!)).status).toBe(201);

    // Act
    const dryRun = await processAccount(token, 'ACME', second!.external_account_number, true);

    // Assess
    expect(dryRun.status).toBe(200);
    expect(dryRun.json.errors).toEqual([
      expect.objectContaining({
        attr: 'supply_addresses.0.meter_points.0.identifier',
        code: 'meter_point_already_assigned',
      }),
    ]);
  });
});

describe('A v2 dry run runs every check a real task runs, the meter-point claim included', () => {
  it('a dry run of an account whose meter point is claimed ends DRY_RUN_ERRORED meter_point_already_assigned, as the real task ends ERRORED', async () => {
    // Prepare
    const token = await obtainToken();
    const [first, dry, real] = [...twoAccountsSharing(randomMpan()), accountPayload()];
    real!.supply_addresses[0].meter_points[0].identifier = mpxnsOf(first!)[0];
    await importAccount(token, first);
    const ended = (status: string) => status !== 'PENDING' && status !== 'IN_PROGRESS';

    // Act
    expect((await schedule(token, dry!, { is_dry_run: true })).status).toBe(201);
    expect((await schedule(token, real!)).status).toBe(201);
    const dryRun = await waitForStatus(token, 'ACME', dry!.external_account_number, ended);
    const realRun = await waitForStatus(token, 'ACME', real!.external_account_number, ended);

    // Assess
    expect(realRun.json).toMatchObject({
      status: 'ERRORED',
      latest_error: { code: 'meter_point_already_assigned' },
    });
    expect(dryRun.json).toMatchObject({
      status: 'DRY_RUN_ERRORED',
      latest_error: { code: 'meter_point_already_assigned' },
    });
    expect(dryRun.json.latest_error.detail).toContain('supply_addresses.0.meter_points.0.identifier');
    const [event] = await waitForEvents(
      (e) =>
        e.detail.event_type === 'data_import.import_process.dry_run_error' &&
        forAccount(dry!.external_account_number)(e),
    );
    expect(event?.detail.payload).toMatchObject({ error_code: 'meter_point_already_assigned' });
    const [, ownMprn] = mpxnsOf(dry!);
    expect(await claimOf(ownMprn!)).toBeUndefined();
  });
});

describe('Meter point statuses of an imported account', () => {
  it('lists every meter point in payload order in PRE_REGISTRATION once the account is created', async () => {
    // Prepare
    const token = await obtainToken();
    const { payload, external } = await importAccount(token);

    // Act
    const response = await getStatuses(token, external);

    // Assess
    expect(response.status).toBe(200);
    expect(response.json).toEqual(mpxnsOf(payload).map((mpxn) => ({ mpxn, status: 'PRE_REGISTRATION' })));
  });

  it('answers [] for an account without meter points', async () => {
    const token = await obtainToken();
    const { external } = await importAccount(token, accountPayload({ supply_addresses: [] }));
    const response = await getStatuses(token, external);
    expect(response.status).toBe(200);
    expect(response.json).toEqual([]);
  });

  it('answers 404 account_not_found for a staged (not imported) account, an unknown one and an unknown supplier', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    expect((await stage(token, payload)).status).toBe(201);

    // Act
    const responses = [
      await getStatuses(token, payload.external_account_number),
      await getStatuses(token, externalNumber()),
      await getStatuses(token, externalNumber(), 'NO-SUCH-SUPPLIER'),
    ];

    // Assess
    for (const response of responses) {
      expect(response.status).toBe(404);
      expect(response.json.code).toBe('account_not_found');
    }
  });

  it('answers 403 permission_denied for a supplier outside the token scope', async () => {
    const token = await obtainToken('local-dev-key-globex');
    const response = await getStatuses(token, externalNumber());
    expect(response.status).toBe(403);
    expect(response.json.code).toBe('permission_denied');
  });
});

import { randomUUID } from 'node:crypto';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, describe, expect, it } from 'vitest';
import { obtainToken } from '../support/auth.js';
import { lambdaContext } from '../support/in-process.js';
import {
  getStatuses,
  importAccount,
  mpxnsOf,
  sendRegistrationFlows,
  waitForStatuses,
} from './support/meter-points-api.js';

/** The SDK's own PutEvents, pointed at the endpoint the local runtime prints. */
const eventBridge = new EventBridgeClient({ endpoint: process.env.AWS_ENDPOINT_URL_EVENTS });
afterAll(() => eventBridge.destroy());

const LIFECYCLE_SOURCE = 'platform.lifecycle';

function outcome(
  kind: 'completed' | 'cancelled',
  accountNumber: string,
  mpxns: readonly string[],
  source = LIFECYCLE_SOURCE,
) {
  const supplyPoints = mpxns.map((mpxn) =>
    kind === 'completed'
      ? {
          external_identifier: mpxn,
          market_name: 'GB_ELECTRICITY',
          confirmed_supply_start_date: '2026-07-01',
        }
      : {
          external_identifier: mpxn,
          market_name: 'GB_ELECTRICITY',
          requested_supply_start_date: '2026-07-01',
        },
  );
  return {
    Source: source,
    DetailType: `lifecycle.join-supplier.${kind}@v1`,
    EventBusName: process.env.DATA_IMPORT_EVENT_BUS_NAME,
    Detail: JSON.stringify({
      event_type: `lifecycle.join-supplier.${kind}`,
      version: 'v1',
      event_id: randomUUID(),
      occurred_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      payload: {
        account_number: accountNumber,
        join_supplier_process_number: 'JSP-0000ABCD',
        subtype: 'MIGRATION',
        supply_points: supplyPoints,
      },
    }),
  };
}

async function put(...entries: ReturnType<typeof outcome>[]) {
  const result = await eventBridge.send(new PutEventsCommand({ Entries: entries }));
  expect(result.FailedEntryCount).toBe(0);
}

/** An imported account whose meter points have been requested. */
async function requestedAccount(token: string) {
  const account = await importAccount(token);
  expect((await sendRegistrationFlows(token, account.external)).status).toBe(200);
  return { ...account, mpxns: mpxnsOf(account.payload) };
}

const statusesOf = (mpxns: readonly string[], status: string) => mpxns.map((mpxn) => ({ mpxn, status }));

describe('join-supplier completed from another producer moves the meter points ON_SUPPLY', () => {
  it('reaches the consumer through the local EventBridge endpoint and moves each listed meter point', async () => {
    // Prepare
    const token = await obtainToken();
    const { external, serviceAccountNumber, mpxns } = await requestedAccount(token);

    // Act
    await put(outcome('completed', serviceAccountNumber, mpxns));

    // Assess
    const statuses = await waitForStatuses(
      token,
      external,
      (s) => s.every((p) => p.status === 'ON_SUPPLY'),
      5_000,
    );
    expect(statuses).toEqual(statusesOf(mpxns, 'ON_SUPPLY'));
  });

  it('changes nothing more when the same event comes again', async () => {
    // Prepare
    const token = await obtainToken();
    const { external, serviceAccountNumber, mpxns } = await requestedAccount(token);
    const event = outcome('completed', serviceAccountNumber, mpxns);
    await put(event);
    await waitForStatuses(token, external, (s) => s.every((p) => p.status === 'ON_SUPPLY'));
    const { handler } = await import('../../functions/handlers/apply-join-supplier-outcomes.js');

    // Act: the repeat, in process, to see its result
    const repeat = await handler(
      { source: event.Source, 'detail-type': event.DetailType, detail: JSON.parse(event.Detail) },
      lambdaContext,
    );

    // Assess
    expect(repeat.meterPoints.map((p: { outcome: string }) => p.outcome)).toEqual(
      mpxns.map(() => 'unchanged'),
    );
    expect((await getStatuses(token, external)).json).toEqual(statusesOf(mpxns, 'ON_SUPPLY'));
  });
});

describe('join-supplier cancelled moves the meter points to REGISTRATION_WITHDRAWN, from where they can be requested again', () => {
  it('withdraws, then send-registration-flows requests them again', async () => {
    // Prepare
    const token = await obtainToken();
    const { external, serviceAccountNumber, mpxns } = await requestedAccount(token);

    // Act
    await put(outcome('cancelled', serviceAccountNumber, mpxns));
    const withdrawn = await waitForStatuses(token, external, (s) =>
      s.every((p) => p.status === 'REGISTRATION_WITHDRAWN'),
    );
    const again = await sendRegistrationFlows(token, external);

    // Assess
    expect(withdrawn).toEqual(statusesOf(mpxns, 'REGISTRATION_WITHDRAWN'));
    expect(again.json.meter_points).toEqual(
      mpxns.map((mpxn) => ({ mpxn, status: 'REGISTRATION_FLOW_SUCCESS' })),
    );
    expect((await getStatuses(token, external)).json).toEqual(statusesOf(mpxns, 'REGISTRATION_REQUESTED'));
  });
});

describe('Events the consumer cannot apply are logged and dropped, never retried', () => {
  it('drops an event naming an unknown account (succeeds, changes nothing)', async () => {
    // Prepare
    const token = await obtainToken();
    const { external, mpxns } = await requestedAccount(token);
    const event = outcome('completed', 'A-NOTANACCT', mpxns);
    const { handler } = await import('../../functions/handlers/apply-join-supplier-outcomes.js');

    // Act
    const result = await handler(
      { source: event.Source, 'detail-type': event.DetailType, detail: JSON.parse(event.Detail) },
      lambdaContext,
    );

    // Assess
    expect(result.result).toBe('dropped');
    expect(result.reason).toContain('belongs to account A-NOTANACCT');
    expect(result.reason).toContain('service account number');
    expect((await getStatuses(token, external)).json).toEqual(statusesOf(mpxns, 'REGISTRATION_REQUESTED'));
  });

  it('ignores an event from the service’s own source (the rule does not match it; the handler ignores it too)', async () => {
    // Prepare
    const token = await obtainToken();
    const { external, serviceAccountNumber, mpxns } = await requestedAccount(token);
    const [first, second] = mpxns;
    const own = outcome('completed', serviceAccountNumber, [first!], 'data-import');

    // Act: one PutEvents with the service's own event and a marker from another producer
    await put(own, outcome('completed', serviceAccountNumber, [second!]));
    const { handler } = await import('../../functions/handlers/apply-join-supplier-outcomes.js');
    const direct = await handler(
      { source: own.Source, 'detail-type': own.DetailType, detail: JSON.parse(own.Detail) },
      lambdaContext,
    );

    // Assess
    const statuses = await waitForStatuses(token, external, (s) => s[1]?.status === 'ON_SUPPLY');
    expect(statuses).toEqual([
      { mpxn: first, status: 'REGISTRATION_REQUESTED' },
      { mpxn: second, status: 'ON_SUPPLY' },
    ]);
    expect(direct.result).toBe('ignored');
  });
});

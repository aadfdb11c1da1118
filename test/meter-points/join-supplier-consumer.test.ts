import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { obtainToken } from '../support/auth.js';
import {
  captureConsumerLog,
  deliver,
  type OutcomeEntry,
  outcomeEntry,
} from './support/join-supplier-events.js';
import { getStatuses, sendRegistrationFlows, waitForStatuses } from './support/meter-points-api.js';
import { requestedAccount, statusesOf } from './support/requested-account.js';

/** The SDK's own PutEvents, pointed at the endpoint the local runtime prints. */
const eventBridge = new EventBridgeClient({ endpoint: process.env.AWS_ENDPOINT_URL_EVENTS });
afterAll(() => eventBridge.destroy());

let log: ReturnType<typeof captureConsumerLog>;
beforeEach(() => {
  log = captureConsumerLog();
});
afterEach(() => log.restore());

async function put(...entries: OutcomeEntry[]) {
  const result = await eventBridge.send(new PutEventsCommand({ Entries: entries }));
  expect(result.FailedEntryCount).toBe(0);
}

describe('join-supplier completed from another producer moves the meter points ON_SUPPLY', () => {
  it('reaches the consumer through the local EventBridge endpoint and moves each listed meter point', async () => {
    // Prepare
    const token = await obtainToken();
    const { external, mpxns, outcome } = await requestedAccount(token);

    // Act
    await put(outcome('completed'));

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
    const { external, mpxns, outcome } = await requestedAccount(token);
    const event = outcome('completed');
    await put(event);
    await waitForStatuses(token, external, (s) => s.every((p) => p.status === 'ON_SUPPLY'));

    // Act: the repeat, in process, to see its result
    const repeat = await deliver(event);

    // Assess
    expect(repeat).toMatchObject({
      result: 'repeated',
      meterPoints: [],
      reason: expect.stringContaining('applied before'),
    });
    expect((await getStatuses(token, external)).json).toEqual(statusesOf(mpxns, 'ON_SUPPLY'));
  });
});

describe('join-supplier cancelled moves the meter points to REGISTRATION_WITHDRAWN, from where they can be requested again', () => {
  it('withdraws, then send-registration-flows requests them again', async () => {
    // Prepare
    const token = await obtainToken();
    const { external, mpxns, outcome } = await requestedAccount(token);

    // Act
    await put(outcome('cancelled'));
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
    const event = outcomeEntry({
      kind: 'completed',
      accountNumber: 'A-NOTANACCT',
      mpxns,
      processNumber: 'JSP-1',
    });

    // Act
    const result = await deliver(event);

    // Assess
    expect(result.result).toBe('dropped');
    expect(result.reason).toContain('belongs to account A-NOTANACCT');
    expect(result.reason).toContain('service account number');
    expect((await getStatuses(token, external)).json).toEqual(statusesOf(mpxns, 'REGISTRATION_REQUESTED'));
    expect(log.messages()).toContain(
      'Dropped a join-supplier event: no meter point of it belongs to this account',
    );
  });

  it('drops an event without an event_id or a process number (succeeds, changes nothing)', async () => {
    // Prepare
    const token = await obtainToken();
    const { external, mpxns, outcome } = await requestedAccount(token);
    const withDetail = (
      change: (detail: { event_id?: string; payload: Record<string, unknown> }) => void,
    ) => {
      const entry = outcome('completed');
      const detail = JSON.parse(entry.Detail);
      change(detail);
      return { ...entry, Detail: JSON.stringify(detail) };
    };

    // Act
    const results = [
      await deliver(withDetail((detail) => delete detail.event_id)),
      await deliver(withDetail((detail) => delete detail.payload.join_supplier_process_number)),
    ];

    // Assess
    expect(results.map((result) => result.result)).toEqual(['dropped', 'dropped']);
    expect((await getStatuses(token, external)).json).toEqual(statusesOf(mpxns, 'REGISTRATION_REQUESTED'));
  });

  it('ignores an event from the service’s own source (the rule does not match it; the handler ignores it too)', async () => {
    // Prepare
    const token = await obtainToken();
    const { external, mpxns, outcome } = await requestedAccount(token);
    const [first, second] = mpxns;
    const own = outcome('completed', [first!], 'data-import');

    // Act: one PutEvents with the service's own event and a marker from another producer
    await put(own, outcome('completed', [second!]));
    const direct = await deliver(own);

    // Assess
    const statuses = await waitForStatuses(token, external, (s) => s[1]?.status === 'ON_SUPPLY');
    expect(statuses).toEqual([
      { mpxn: first, status: 'REGISTRATION_REQUESTED' },
      { mpxn: second, status: 'ON_SUPPLY' },
    ]);
    expect(direct.result).toBe('ignored');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { obtainToken } from '../support/auth.js';
import {
  captureConsumerLog,
  deliver,
  outcomeEntry,
  requestedProcessNumbers,
} from './support/join-supplier-events.js';
import { getStatuses, importAccount, mpxnsOf, sendRegistrationFlows } from './support/meter-points-api.js';
import { requestedAccount, statusesOf } from './support/requested-account.js';

let log: ReturnType<typeof captureConsumerLog>;
beforeEach(() => {
  log = captureConsumerLog();
});
afterEach(() => log.restore());

/**
 * An account whose meter points were requested (JSP-1), withdrawn by a cancellation of JSP-1
 * (`cancelled`) and requested again (JSP-2).
 */
async function requestedAgainAfterCancellation(token: string) {
  const { outcome, processNumber: first, ...account } = await requestedAccount(token);
  const { mpxns } = account;
  const cancelled = outcome('cancelled');
  expect((await deliver(cancelled)).result).toBe('applied');
  expect((await getStatuses(token, account.external)).json).toEqual(
    statusesOf(mpxns, 'REGISTRATION_WITHDRAWN'),
  );
  expect((await sendRegistrationFlows(token, account.external)).status).toBe(200);
  const [, second] = await requestedProcessNumbers(account.serviceAccountNumber, 2);
  expect((await getStatuses(token, account.external)).json).toEqual(
    statusesOf(mpxns, 'REGISTRATION_REQUESTED'),
  );
  return { ...account, first, second: second!, cancelled };
}

describe('Each inbound event_id is applied at most once', () => {
  it('the same cancellation delivered again after the meter points were requested again changes nothing, and is logged as a repeat', async () => {
    // Prepare
    const token = await obtainToken();
    const { external, mpxns, cancelled } = await requestedAgainAfterCancellation(token);

    // Act
    const again = await deliver(cancelled);

    // Assess
    expect(again.result).toBe('repeated');
    expect((await getStatuses(token, external)).json).toEqual(statusesOf(mpxns, 'REGISTRATION_REQUESTED'));
    expect(log.messages()).toContain(
      'Ignored a repeated join-supplier event: its event_id was applied before',
    );
  });

  it('a completion delivered twice moves the meter points once; the second is a repeat', async () => {
    // Prepare
    const token = await obtainToken();
    const { outcome, ...account } = await requestedAccount(token);
    const { mpxns } = account;
    const completed = outcome('completed');

    // Act
    const results = [await deliver(completed), await deliver(completed)];

    // Assess
    expect(results.map((result) => result.result)).toEqual(['applied', 'repeated']);
    expect(results[0]!.meterPoints.map((point) => point.outcome)).toEqual(mpxns.map(() => 'updated'));
    expect((await getStatuses(token, account.external)).json).toEqual(statusesOf(mpxns, 'ON_SUPPLY'));
  });

  it('the same event delivered several times at once is applied by exactly one delivery', async () => {
    // Prepare
    const token = await obtainToken();
    const { outcome, ...account } = await requestedAccount(token);
    const { mpxns } = account;
    const cancelled = outcome('cancelled');

    // Act
    const results = await Promise.all(Array.from({ length: 4 }, () => deliver(cancelled)));

    // Assess
    expect(results.map((result) => result.result).sort()).toEqual([
      'applied',
      'repeated',
      'repeated',
      'repeated',
    ]);
    expect((await getStatuses(token, account.external)).json).toEqual(
      statusesOf(mpxns, 'REGISTRATION_WITHDRAWN'),
    );
  });
});

describe('An outcome of a process that is not the meter point’s latest changes nothing', () => {
  it('a new cancellation (another event_id) of the earlier process leaves the meter points requested', async () => {
    // Prepare
    const token = await obtainToken();
    const { external, serviceAccountNumber, mpxns, first } = await requestedAgainAfterCancellation(token);
    const late = outcomeEntry({
      kind: 'cancelled',
      accountNumber: serviceAccountNumber,
      mpxns,
      processNumber: first,
    });

    // Act
    const result = await deliver(late);

    // Assess
    expect(result.meterPoints).toEqual(
      mpxns.map((mpxn) => ({ mpxn, outcome: 'superseded', status: 'REGISTRATION_REQUESTED' })),
    );
    expect((await getStatuses(token, external)).json).toEqual(statusesOf(mpxns, 'REGISTRATION_REQUESTED'));
    expect(log.messages()).toContain(
      'A join-supplier event names a process that is no longer the latest: ignored for those meter points',
    );
  });

  it('a completion of the earlier process leaves the meter points requested; the latest process’s completion moves them', async () => {
    // Prepare
    const token = await obtainToken();
    const { external, serviceAccountNumber, mpxns, first, second } =
      await requestedAgainAfterCancellation(token);
    const event = (processNumber: string) =>
      outcomeEntry({ kind: 'completed', accountNumber: serviceAccountNumber, mpxns, processNumber });

    // Act
    const stale = await deliver(event(first));
    const afterStale = (await getStatuses(token, external)).json;
    const latest = await deliver(event(second));

    // Assess
    expect(stale.meterPoints.map((point) => point.outcome)).toEqual(mpxns.map(() => 'superseded'));
    expect(afterStale).toEqual(statusesOf(mpxns, 'REGISTRATION_REQUESTED'));
    expect(latest.meterPoints.map((point) => point.outcome)).toEqual(mpxns.map(() => 'updated'));
    expect((await getStatuses(token, external)).json).toEqual(statusesOf(mpxns, 'ON_SUPPLY'));
  });

  it('an outcome for a meter point never requested changes nothing', async () => {
    // Prepare
    const token = await obtainToken();
    const account = await importAccount(token);
    const mpxns = mpxnsOf(account.payload);
    const event = outcomeEntry({
      kind: 'completed',
      accountNumber: account.serviceAccountNumber,
      mpxns,
      processNumber: 'JSP-0000ABCD',
    });

    // Act
    const result = await deliver(event);

    // Assess
    expect(result.meterPoints.map((point) => point.outcome)).toEqual(mpxns.map(() => 'superseded'));
    expect((await getStatuses(token, account.external)).json).toEqual(statusesOf(mpxns, 'PRE_REGISTRATION'));
  });
});

describe('Within the latest process, an outcome only moves a meter point up: requested < withdrawn < on supply', () => {
  it('a cancellation after the completion of the same process leaves the meter points ON_SUPPLY; in the other order they end ON_SUPPLY too', async () => {
    // Prepare
    const token = await obtainToken();
    const accounts = [await importAccount(token), await importAccount(token)];
    for (const account of accounts) await sendRegistrationFlows(token, account.external);
    const events = await Promise.all(
      accounts.map(async (account) => {
        const [processNumber] = await requestedProcessNumbers(account.serviceAccountNumber, 1);
        const of = (kind: 'completed' | 'cancelled') =>
          outcomeEntry({
            kind,
            accountNumber: account.serviceAccountNumber,
            mpxns: mpxnsOf(account.payload),
            processNumber: processNumber!,
          });
        return { completed: of('completed'), cancelled: of('cancelled') };
      }),
    );

    // Act
    await deliver(events[0]!.completed);
    await deliver(events[0]!.cancelled);
    await deliver(events[1]!.cancelled);
    await deliver(events[1]!.completed);

    // Assess
    for (const account of accounts) {
      expect((await getStatuses(token, account.external)).json).toEqual(
        statusesOf(mpxnsOf(account.payload), 'ON_SUPPLY'),
      );
    }
  });
});

import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoDateTime } from '../../functions/rules/values/dates.js';
import { dynamoDbClient } from '../../functions/store/dynamodb.js';
import { lockImportProcess } from '../../functions/store/import-process-lock-store.js';
import { getImportProcess, writeStaging } from '../../functions/store/import-process-store.js';
import { processAccount } from '../../functions/use-cases/process-account.js';
import { obtainToken } from '../support/auth.js';
import { readEvents, waitForEvents } from '../support/events-file.js';
import { EVENT_WAIT, externalNumber, processAccount as processOverHttp } from './support/accounts.js';
import { stagedAccount, stagedWith } from './support/store.js';

// Events reach the events file through the stream poller; allow for a busy shared runtime.
vi.setConfig({ testTimeout: 90_000 });

const FAULT = 'inject-fault';

/** Makes the next TransactWriteItems fail with `error` (SDK middleware; the request is never sent). */
function failNextTransaction(error: Error) {
  let armed = true;
  dynamoDbClient.middlewareStack.add(
    (next, context) => async (args) => {
      if (armed && context.commandName === 'TransactWriteItemsCommand') {
        armed = false;
        throw error;
      }
      return next(args);
    },
    { step: 'initialize', name: FAULT },
  );
}

afterEach(() => {
  dynamoDbClient.middlewareStack.remove(FAULT);
});

async function staged(account = stagedAccount('ACME', externalNumber())) {
  await writeStaging({
    supplier: 'ACME',
    externalAccountNumber: account.external_account_number,
    ...stagedWith(account),
    now: new Date(),
    target: 'create',
  });
  return account.external_account_number;
}

describe('A retryable failure while creating the account', () => {
  it('gives the lock back without an error event, so the retry creates the account', async () => {
    // Prepare
    const external = await staged();
    failNextTransaction(
      Object.assign(new Error('throttled'), { name: 'ThrottlingException', $retryable: {} }),
    );

    // Act
    const failed = processAccount({ supplier: 'ACME', externalAccountNumber: external, now: new Date() });

    // Assess
    await expect(failed).rejects.toThrow('throttled');
    expect(await getImportProcess('ACME', external)).toMatchObject({
      status: 'UNKNOWN',
      lifecycle: 'STAGED',
    });
    const retried = await processAccount({
      supplier: 'ACME',
      externalAccountNumber: external,
      now: new Date(),
    });
    expect(retried.service_account_number).toMatch(/^A-[0-9A-F]{8}$/);
    await waitForEvents(
      (e) =>
        e.detail.event_type === 'data_import.import_process.complete' &&
        e.detail.payload.external_identifier === external,
      EVENT_WAIT,
    );
    expect(
      readEvents().filter(
        (e) =>
          e.detail.event_type === 'data_import.import_process.error' &&
          e.detail.payload.external_identifier === external,
      ),
    ).toEqual([]);
  });
});

describe('A creation the database rejects', () => {
  it('returns the process to UNKNOWN with a data_import.import_process.error event, in one transaction', async () => {
    // Prepare
    const external = await staged();
    failNextTransaction(
      Object.assign(new Error('cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: [
          { Code: 'ValidationError' },
          { Code: 'None' },
          { Code: 'None' },
          { Code: 'None' },
          { Code: 'None' },
        ],
      }),
    );

    // Act
    const failed = processAccount({ supplier: 'ACME', externalAccountNumber: external, now: new Date() });

    // Assess
    await expect(failed).rejects.toThrow();
    expect(await getImportProcess('ACME', external)).toMatchObject({
      status: 'UNKNOWN',
      lifecycle: 'STAGED',
    });
    const [event] = await waitForEvents(
      (e) =>
        e.detail.event_type === 'data_import.import_process.error' &&
        e.detail.payload.external_identifier === external,
      EVENT_WAIT,
    );
    expect(event?.detail.payload).toMatchObject({
      resource_type: 'ACCOUNT',
      external_identifier: external,
      error_code: 'account_creation_failed',
      error_detail: expect.any(String),
    });
  });
});

describe('A creation lock left by a creation that died', () => {
  it('is taken over once its claim has expired (its holder timed out)', async () => {
    // Prepare: IN_PROGRESS, locked by an invocation whose claim expired a second ago
    const external = await staged();
    const now = new Date();
    const lock = await lockImportProcess('ACME', external, {
      token: randomUUID(),
      now: new Date(now.getTime() - 16_000),
      expiresAt: isoDateTime(new Date(now.getTime() - 1_000)),
    });
    expect(lock.ok).toBe(true);

    // Act
    const created = await processAccount({
      supplier: 'ACME',
      externalAccountNumber: external,
      now: new Date(),
    });

    // Assess
    expect(await getImportProcess('ACME', external)).toMatchObject({
      status: 'COMPLETED',
      service_account_number: created.service_account_number,
    });
  });

  it('is respected while its claim lasts: 409 import_process_in_progress, Retry-After = seconds until it expires', async () => {
    // Prepare: locked by a live invocation whose claim expires in 40 s
    const external = await staged();
    const now = new Date();
    await lockImportProcess('ACME', external, {
      token: randomUUID(),
      now,
      expiresAt: isoDateTime(new Date(now.getTime() + 40_000)),
    });

    // Act
    const token = await obtainToken();
    const response = await processOverHttp(token, 'ACME', external);

    // Assess
    expect(response.status).toBe(409);
    expect(response.json).toEqual({ detail: expect.any(String), code: 'import_process_in_progress' });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(35);
    expect(retryAfter).toBeLessThanOrEqual(40);
  });
});

describe('Staged data that no longer passes the account rules', () => {
  it('process/: 400 account_failed_validation, and like every 4xx it changes nothing and emits nothing', async () => {
    // Prepare: staged through the store, bypassing validation
    const account = stagedAccount('ACME', externalNumber(), {
      last_billed_to_date: '2999-01-01',
    });
    const external = await staged(account);
    const before = await getImportProcess('ACME', external);
    const token = await obtainToken();

    // Act
    const response = await processOverHttp(token, 'ACME', external);

    // Assess
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: 'account_failed_validation',
      errors: [{ attr: 'last_billed_to_date', code: 'date_in_future' }],
    });
    expect(await getImportProcess('ACME', external)).toMatchObject({
      status: 'UNKNOWN',
      lifecycle: 'STAGED',
      staged_at: before?.staged_at,
    });
    // A later event for the same account proves the stream has passed the 400: no error event before it.
    await processOverHttp(token, 'ACME', external, true);
    await waitForEvents(
      (e) =>
        e.detail.event_type === 'data_import.import_process.dry_run_error' &&
        e.detail.payload.external_identifier === external,
      EVENT_WAIT,
    );
    expect(
      readEvents().filter(
        (e) =>
          e.detail.event_type === 'data_import.import_process.error' &&
          e.detail.payload.external_identifier === external,
      ),
    ).toEqual([]);
  });

  it('a dry run reports it: 200 with the errors and a dry_run_error event', async () => {
    const account = stagedAccount('ACME', externalNumber(), {
      billing_address: { country: 'GB', street_address: 'a', locality: 'London', postal_code: 'NOPE' },
    });
    const external = await staged(account);
    const token = await obtainToken();

    const response = await processOverHttp(token, 'ACME', external, true);

    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      dry_run: true,
      detail: expect.any(String),
      errors: [{ attr: 'billing_address.postal_code', code: 'invalid_postcode' }],
    });
    const [event] = await waitForEvents(
      (e) =>
        e.detail.event_type === 'data_import.import_process.dry_run_error' &&
        e.detail.payload.external_identifier === external,
      EVENT_WAIT,
    );
    expect(event?.detail.payload).toMatchObject({
      resource_type: 'ACCOUNT',
      error_code: 'account_failed_validation',
    });
  });
});

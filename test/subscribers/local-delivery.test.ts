import { describe, expect, it } from 'vitest';
import { subscriberFile, subscribersDir } from '../../infra/local/local-subscribers.js';
import { accountPayload, EVENT_WAIT, processAccount, stage } from '../accounts/support/accounts.js';
import { obtainToken } from '../support/auth.js';
import { type ArchivedEvent, readEvents, waitForEvents } from '../support/events-file.js';

/**
 * The test run's runtime was started with test/subscribers/fixtures/subscribers.json:
 * test-accounts-created (account.created, every version), test-import-complete-v1
 * (data_import.import_process.complete@v1) and test-everything (no list).
 */
const fileOf = (name: string) => subscriberFile(subscribersDir(), name);
const delivered = (name: string) => readEvents(fileOf(name));

describe('Rule: each local subscriber receives, in its own file, every matching envelope and no other', () => {
  it('an import delivers account.created to its subscriber, the completion to its own, and both to the catch-all', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    const external = payload.external_account_number as string;
    expect((await stage(token, payload)).status).toBe(201);

    // Act
    const processed = await processAccount(token, 'ACME', external);
    const number = processed.json.service_account_number as string;
    const ofThisAccount = (event: ArchivedEvent) =>
      event.detail.payload?.account_number === number ||
      JSON.stringify(event.detail.payload ?? {}).includes(`"${external}"`);
    const archived = await waitForEvents(
      (event) =>
        ofThisAccount(event) &&
        ['account.created', 'data_import.import_process.complete'].includes(event.detail.event_type),
      { ...EVENT_WAIT, count: 2 },
    );

    const created = archived.filter((event) => event.detail.event_type === 'account.created');
    const complete = archived.filter(
      (event) => event['detail-type'] === 'data_import.import_process.complete@v1',
    );
    // Subscribers' files are written just after the archive: wait for them too.
    const everything = readEvents().filter((event) => event.source === 'data-import' && ofThisAccount(event));
    const ids = new Set(everything.map((event) => event.id));
    await waitForEvents((event) => ids.has(event.id), { file: fileOf('test-everything'), count: ids.size });
    await waitForEvents((event) => event.id === created[0]?.id, { file: fileOf('test-accounts-created') });
    await waitForEvents((event) => event.id === complete[0]?.id, { file: fileOf('test-import-complete-v1') });

    // Assess
    expect(processed.status).toBe(201);
    const idsOf = (events: ArchivedEvent[]) =>
      events
        .filter(ofThisAccount)
        .map((event) => event.id)
        .sort();
    expect(created).toHaveLength(1);
    expect(complete).toHaveLength(1);
    expect(idsOf(delivered('test-accounts-created'))).toEqual(idsOf(created));
    expect(idsOf(delivered('test-import-complete-v1'))).toEqual(idsOf(complete));
    expect(idsOf(delivered('test-everything'))).toEqual(idsOf(everything));
    expect(delivered('test-accounts-created').find((e) => e.id === created[0]?.id)).toEqual(created[0]);
  }, 90_000);
});

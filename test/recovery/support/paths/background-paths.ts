import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../../functions/store/keys.js';
import { scheduledEvent } from '../../../../infra/local/scheduler.js';
import { envelopeOf, outcomeEntry } from '../../../meter-points/support/join-supplier-events.js';
import { exampleTransactions } from '../../../post-import/support/post-import-api.js';
import type { CrashPath } from '../crash-path.js';
import { accountParameters, accountRef, apiEvent, importSteps, stageStep } from '../requests.js';
import { eventsOfRecord, isOutboxInsert } from '../stream.js';
import type { Step, Subject, World } from '../world.js';

/**
 * The functions the cloud invokes without a client: the join-supplier consumer (EventBridge
 * delivers the same event again after a failure), the outbox publisher (the stream hands the
 * same records again) and the expiry job (the schedule runs it again).
 */
const registrationStep = (subject: Subject): Step => ({
  functionId: 'send-registration-flows',
  event: apiEvent('send-registration-flows', subject, { dry_run: false }, accountParameters(subject)),
});

/** The subject's account number and the process number its meter points were requested under. */
async function requested(world: World, subject: Subject) {
  const mpxns = Object.entries(subject.data.tokens as Record<string, string>)
    .filter(([name]) => /^mpxn\d+$/.test(name))
    .map(([, mpxn]) => mpxn);
  const claims = [];
  for (const mpxn of mpxns) {
    const { Item } = await world.standIns.db.send(
      new GetCommand({
        TableName: world.standIns.tableName,
        Key: keys.meterPoint(mpxn),
        ConsistentRead: true,
      }),
    );
    if (Item) claims.push(Item);
  }
  const [first] = claims;
  if (!first) throw new Error('the preparation requested no meter point');
  return {
    accountNumber: String(first.account_number),
    processNumber: String(first.join_supplier_process_number),
    mpxns,
  };
}

export const joinSupplier: CrashPath = {
  id: 'join-supplier-consumer',
  functionId: 'apply-join-supplier-outcomes',
  redrive: 'bus',
  prepare: async (world, subjects) => {
    await world.prepare(subjects.flatMap((subject) => [...importSteps(subject), registrationStep(subject)]));
  },
  event: async (world, subject) => {
    if (!subject.data.envelope) {
      const { accountNumber, processNumber, mpxns } = await requested(world, subject);
      const entry = outcomeEntry({ kind: 'completed', accountNumber, mpxns, processNumber });
      subject.data.envelope = {
        version: '0',
        id: randomUUID(),
        account: '000000000000',
        time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        region: 'eu-west-2',
        resources: [],
        ...envelopeOf(entry),
      };
    }
    return subject.data.envelope;
  },
};

export const publisher: CrashPath = {
  id: 'outbox-publisher',
  functionId: 'publish-outbox-events',
  redrive: 'stream',
  publishes: false,
  prepare: async (world, subjects) => {
    await world.prepare(
      subjects.flatMap((subject) => [
        ...importSteps(subject),
        {
          functionId: 'create-transactions',
          event: apiEvent('create-transactions', subject, {
            ...accountRef(subject),
            transactions: Array.from({ length: 25 }, (_, i) =>
              exampleTransactions.charge(`T${i}`, '2026-01-05'),
            ),
          }),
        },
      ]),
    );
  },
  // The subject's outbox inserts, as the stream's filter passes them (one batch).
  event: async (world, subject) => {
    if (!subject.data.records) {
      await world.tap.poll();
      const process = (await world.importItems(subject)).find((item) => item.sk === 'PROCESS') ?? {};
      const names = [subject.external, process.service_account_number, process.ledger_number].map(String);
      subject.data.records = world.tap.records.filter((record) => {
        if (!isOutboxInsert(record)) return false;
        const text = JSON.stringify(eventsOfRecord(record));
        return names.some((name) => text.includes(name));
      });
    }
    return { Records: subject.data.records };
  },
};

/** Past the supplier's expiry window (30 days) of everything staged now. */
const EXPIRY_RUN_AHEAD_MS = 31 * 24 * 3_600_000;

export const expiry: CrashPath = {
  id: 'expiry-job',
  functionId: 'cancel-expired-import-processes',
  redrive: 'schedule',
  isolation: 'table',
  prepare: async (world, subjects) => {
    await world.prepare(subjects.flatMap((subject) => [stageStep(subject, 0), stageStep(subject, 1)]));
  },
  event: (_world, subject) => {
    subject.data.runAt ??= Date.now() + EXPIRY_RUN_AHEAD_MS;
    return scheduledEvent(new Date(subject.data.runAt));
  },
};

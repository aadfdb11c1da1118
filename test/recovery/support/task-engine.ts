import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DynamoDBRecord, SQSRecord } from 'aws-lambda';
import { messageBody } from '../../../functions/adapters/queue/message-body.js';
import { MAX_RECEIVE_COUNT, taskMessage } from '../../../functions/rules/account-task/engine.js';
import { sqsRecord } from '../../../infra/local/sqs-poller.js';
import { batches } from './stream.js';
import type { Subject, World } from './world.js';

/**
 * The v2 engine around a path, played by the harness: the hand-over's event source (the
 * subject's task records from the table stream), the worker's (the task messages the functions
 * sent, delivered again while the worker reports them failed, once their lease has expired),
 * until the subject's tasks have nothing left to do. The sweep is a path of its own; it is not
 * run here, so a case never touches another case's tasks.
 */
const QUEUE_ARN = 'arn:aws:sqs:eu-west-2:000000000000:crash-points';
const handedOver = new WeakMap<World, Set<string>>();

/** The stream records of the subject's task items (inserts and updates), in order. */
export async function taskRecords(world: World, subject: Subject): Promise<DynamoDBRecord[]> {
  await world.tap.poll();
  return world.tap.records.filter((record) => {
    const keys = record.dynamodb?.Keys;
    return (
      (record.eventName === 'INSERT' || record.eventName === 'MODIFY') &&
      keys?.sk?.S === 'TASK' &&
      String(keys?.pk?.S).startsWith(`IMPORT#${subject.supplier}#`)
    );
  });
}

/** The hand-over gets the subject's task records it has not had yet. */
async function handOver(world: World, subject: Subject): Promise<void> {
  const done = handedOver.get(world) ?? new Set<string>();
  handedOver.set(world, done);
  const records = (await taskRecords(world, subject)).filter((record) => !done.has(record.eventID ?? ''));
  if (records.length === 0) return;
  await world.prepare(
    batches(records).map((batch) => ({ functionId: 'hand-over-started-tasks', event: { Records: batch } })),
  );
  for (const record of records) done.add(record.eventID ?? '');
}

/** The message that hands the subject's current task (account `index`) to the worker. */
export async function taskMessageRecord(world: World, subject: Subject, index = 0): Promise<SQSRecord> {
  const external = index === 0 ? subject.external : `${subject.external}-${index}`;
  const task = (await world.importItems(subject, external)).find((item) => item.sk === 'TASK');
  if (!task) throw new Error(`no task for ${external}`);
  const body = messageBody(
    taskMessage({
      import_supplier: subject.supplier,
      external_account_number: external,
      task_id: String(task.task_id),
    }),
  );
  return sqsRecord(
    { MessageId: randomUUID(), ReceiptHandle: randomUUID(), Body: body, Attributes: {} },
    QUEUE_ARN,
    'eu-west-2',
  );
}

/** Delivers messages to the worker, and again (after the tasks' leases) those it reports failed. */
export async function deliver(world: World, subject: Subject, records: readonly SQSRecord[]): Promise<void> {
  let pending = [...records];
  for (let receive = 1; pending.length > 0 && receive <= MAX_RECEIVE_COUNT; receive++) {
    const event = {
      Records: pending.map((record) => ({
        ...record,
        attributes: { ...record.attributes, ApproximateReceiveCount: String(receive) },
      })),
    };
    const [result] = await world.prepare([{ functionId: 'run-account-tasks', event }]);
    const failed = new Set(
      ((result as { batchItemFailures?: { itemIdentifier: string }[] }).batchItemFailures ?? []).map(
        (failure) => failure.itemIdentifier,
      ),
    );
    pending = pending.filter((record) => failed.has(record.messageId));
    if (pending.length > 0) await leasesExpired(world, subject);
  }
}

/** Waits until no task of the subject holds a live lease. */
async function leasesExpired(world: World, subject: Subject): Promise<void> {
  const leases = (await world.importItems(subject))
    .filter((item) => item.sk === 'TASK' && typeof item.lease_until === 'string')
    .map((item) => Date.parse(String(item.lease_until)));
  const until = Math.max(0, ...leases);
  if (until > Date.now()) await sleep(until - Date.now() + 50);
}

/** Records the hand-over already had (the path under test handed them over itself). */
export function markHandedOver(world: World, records: readonly DynamoDBRecord[]): void {
  const done = handedOver.get(world) ?? new Set<string>();
  handedOver.set(world, done);
  for (const record of records) done.add(record.eventID ?? '');
}

/**
 * Hand-over (unless the path is about the sweep, whose tasks the hand-over failed) and worker,
 * until the subject's tasks have no message left to run.
 */
export async function settleTasks(
  world: World,
  subject: Subject,
  options = { handOver: true },
): Promise<void> {
  for (let round = 0; round < 3; round++) {
    if (options.handOver) await handOver(world, subject);
    const messages = await world.takeMessages(subject);
    if (messages.length === 0) return;
    await deliver(world, subject, messages);
  }
}

import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, ScanCommand, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { targetChunkBytes } from '../../../functions/rules/bulk-jobs/engine.js';
import { keys } from '../../../functions/store/keys.js';
import { sqsRecord } from '../../../infra/local/sqs-poller.js';
import { apiEvent, externalOf, payloadOf } from './requests.js';
import { takeAllMessages } from './stand-ins.js';
import type { Step, Subject, World } from './world.js';

/**
 * The bulk job engine around a path, played by the harness: subjects' jobs brought to a stage
 * (created with their file uploaded, started, read, every chunk but the first counted, every
 * chunk counted), the messages the functions sent to the world's bulk queues (kept per job, so
 * that cases sharing a world never take each other's), and `settleBulkJob`, which delivers them
 * to the reader and the worker until the job has finished.
 *
 * A job's file: the subject's account (line 1) and a second account of its supplier (line 2),
 * which the reader cuts into chunk 0, then `fillers` lines that fail their shape (no call), each
 * a chunk of its own. So chunk 0's claims, results and count are explored across two lines, and
 * a file of more fillers than the reader sends at once is read in two batches.
 */
const REGION = 'eu-west-2';
/** Lines are padded to a multiple of this many bytes (a width two subjects share, whatever their names). */
const LINE_WIDTH_STEP = 512;

type Queue = 'reader' | 'lines';
interface Delivery {
  queue: Queue;
  jobId: string;
  record: SQSRecord;
  /** Not delivered again before this time (a failed delivery waits for its visibility timeout). */
  notBefore: number;
}

const mailboxes = new WeakMap<World, Delivery[]>();
const mailboxOf = (world: World) => {
  const mailbox = mailboxes.get(world) ?? [];
  mailboxes.set(world, mailbox);
  return mailbox;
};

/** Moves every message of the world's bulk queues into its mailbox. */
async function drain(world: World): Promise<void> {
  const { sqs, bulkReaderQueueUrl, bulkLinesQueueUrl } = world.standIns;
  for (const [queue, url] of [
    ['reader', bulkReaderQueueUrl],
    ['lines', bulkLinesQueueUrl],
  ] as const) {
    for (const message of await takeAllMessages(sqs, url)) {
      mailboxOf(world).push({
        queue,
        jobId: String((JSON.parse(message.Body ?? '{}') as { job_id?: string }).job_id),
        record: sqsRecord(message, `arn:aws:sqs:${REGION}:000000000000:crash-points-bulk-${queue}`, REGION),
        notBefore: 0,
      });
    }
  }
}

/** Takes the job's messages of `queue` that are due out of the mailbox (after draining the queues). */
async function take(world: World, jobId: string, queue: Queue): Promise<Delivery[]> {
  await drain(world);
  const mailbox = mailboxOf(world);
  const now = Date.now();
  const mine = mailbox.filter((d) => d.jobId === jobId && d.queue === queue && d.notBefore <= now);
  for (const delivery of mine) mailbox.splice(mailbox.indexOf(delivery), 1);
  return mine;
}

/** The subject's job id. */
export const jobIdOf = (subject: Subject): string => String(subject.data.tokens?.job);

/**
 * The lines of the subject's job file: lines 1 and 2 of one width, so that the reader (the
 * chunk size it aims at set by the world's worker concurrency) closes chunk 0 after line 2,
 * then `fillers` lines, each wide enough to be a chunk of its own.
 */
function fileLines(subject: Subject, fillers: number, concurrency: number): string[] {
  const accounts = [0, 1].map((index) => JSON.stringify(payloadOf(subject, index)));
  // A line in the old bundle wrapper: refused at parse (invalid_line), no call, its account number reported.
  const filler = (i: number) =>
    JSON.stringify({ account: { external_account_number: externalOf(subject, i + 2) }, filler: true });
  const longest = Math.max(...accounts.map((line) => line.length), filler(fillers).length);
  const width = Math.ceil(longest / LINE_WIDTH_STEP) * LINE_WIDTH_STEP;
  for (let fillerWidth = width; fillerWidth <= 64 * width; fillerWidth += LINE_WIDTH_STEP) {
    const target = targetChunkBytes(2 * width + fillers * fillerWidth + fillers + 2, concurrency);
    // Line 1 leaves chunk 0 open, line 2 closes it, a filler alone closes its own.
    if (width < target && target <= 2 * width + 1 && fillerWidth >= target) {
      return [
        ...accounts.map((line) => line.padEnd(width, ' ')),
        ...Array.from({ length: fillers }, (_, i) => filler(i).padEnd(fillerWidth, ' ')),
      ];
    }
  }
  throw new Error(`no file of ${fillers} fillers has a chunk 0 of two lines at concurrency ${concurrency}`);
}

/** How far `prepareJobs` brings a job. */
export type JobStage = 'uploaded' | 'started' | 'read' | 'last chunk left' | 'every chunk counted';
const STAGES: readonly JobStage[] = ['uploaded', 'started', 'read', 'last chunk left', 'every chunk counted'];

/** Runs one step per subject in one child (a preparation), each subject's step from `step`. */
async function prepareEach(
  world: World,
  subjects: Subject[],
  step: (subject: Subject) => Step | Promise<Step>,
) {
  const steps: Step[] = [];
  for (const subject of subjects) steps.push(await step(subject));
  return world.prepare(steps);
}

/**
 * Brings a new job of each subject, its file of `fillers` filler lines uploaded, to `stage`:
 * `started` leaves the read message in the mailbox; `read` leaves the chunk messages there, but
 * chunk 0's, which becomes `data.message`; `last chunk left` has counted every other chunk (chunk
 * 0 is the job's last); `every chunk counted` has counted chunk 0 too, and its `finish`
 * message becomes `data.message`. The job id becomes a token of the subject.
 */
export async function prepareJobs(world: World, subjects: Subject[], fillers: number, stage: JobStage) {
  const reached = (at: JobStage) => STAGES.indexOf(stage) >= STAGES.indexOf(at);
  const created = await prepareEach(world, subjects, (subject) => ({
    functionId: 'create-bulk-job',
    event: apiEvent('create-bulk-job', subject, { import_supplier: subject.supplier, dry_run: false }),
  }));
  const concurrency = Number(world.standIns.env.DATA_IMPORT_BULK_JOB_CONCURRENCY);
  await Promise.all(
    subjects.map(async (subject, index) => {
      const job = JSON.parse((created[index] as { body: string }).body) as {
        job_id: string;
        upload: { url: string };
      };
      // The job and its organisation (the scope apiEvent gives) differ between subjects.
      subject.data.tokens = {
        ...subject.data.tokens,
        job: job.job_id,
        organisation: `crash-points-${subject.supplier.toLowerCase()}`,
      };
      // Line 2's account: its import partition may hold a claim too.
      subject.data.externals = [externalOf(subject, 1)];
      const file = `${fileLines(subject, fillers, concurrency).join('\n')}\n`;
      const response = await fetch(job.upload.url, { method: 'PUT', body: file });
      await response.arrayBuffer();
      if (response.status !== 200)
        throw new Error(`the upload of job ${job.job_id} answered ${response.status}`);
    }),
  );
  if (!reached('started')) return;
  await prepareEach(world, subjects, (subject) => ({
    functionId: 'start-bulk-job',
    event: startEvent(subject),
  }));
  if (!reached('read')) return;
  await prepareEach(world, subjects, async (subject) => ({
    functionId: 'read-bulk-job',
    event: { Records: [await readRecord(world, subject)] },
  }));
  const others: Delivery[] = [];
  for (const subject of subjects) {
    const chunks = await take(world, jobIdOf(subject), 'lines');
    const first = chunks.find((delivery) => JSON.parse(delivery.record.body).chunk === 0);
    if (!first || chunks.length !== fillers + 1) {
      throw new Error(`job ${jobIdOf(subject)}: ${chunks.length} chunks, ${fillers + 1} expected`);
    }
    subject.data.message = first.record;
    others.push(...chunks.filter((delivery) => delivery !== first));
  }
  if (!reached('last chunk left')) {
    mailboxOf(world).push(...others);
    return;
  }
  await world.prepare(
    others.map((d) => ({ functionId: 'run-bulk-job-lines', event: { Records: [d.record] } })),
  );
  if (!reached('every chunk counted')) return;
  await prepareEach(world, subjects, (subject) => ({
    functionId: 'run-bulk-job-lines',
    event: { Records: [subject.data.message] },
  }));
  for (const subject of subjects) {
    const [finish] = await take(world, jobIdOf(subject), 'lines');
    if (!finish || JSON.parse(finish.record.body).kind !== 'finish') {
      throw new Error(`job ${jobIdOf(subject)}: no finish message once every chunk was counted`);
    }
    subject.data.message = finish.record;
  }
}

export const startEvent = (subject: Subject) =>
  apiEvent('start-bulk-job', subject, undefined, { job_id: jobIdOf(subject) });

/** The read message of the subject's started job. */
export async function readRecord(world: World, subject: Subject): Promise<SQSRecord> {
  const [read] = await take(world, jobIdOf(subject), 'reader');
  if (!read) throw new Error(`no read message for job ${jobIdOf(subject)}`);
  return read.record;
}

/** The subject's job item. */
async function jobItem(world: World, subject: Subject) {
  const { Item } = await world.standIns.db.send(
    new GetCommand({
      TableName: world.standIns.tableName,
      Key: keys.bulkJob(jobIdOf(subject)),
      ConsistentRead: true,
    }),
  );
  return Item;
}

/** How long a settle waits for the job to finish (deliveries delayed by a held claim, a transient retry). */
const SETTLE_MS = 90_000;
/** A failed delivery comes back after this (the visibility timeout, as short as the harness's claims). */
const REDELIVERY_MS = 5_000;

/**
 * Delivers the job's messages, every due one in one child, to the reader and the worker (those
 * they report failed again, later) until the job has finished and its results are written.
 */
export async function settleBulkJob(world: World, subject: Subject): Promise<void> {
  const jobId = jobIdOf(subject);
  const deadline = Date.now() + SETTLE_MS;
  while (Date.now() < deadline) {
    const job = await jobItem(world, subject);
    if (job?.finished_at && (job.results_written || job.state === 'FAILED')) return;
    const due = [...(await take(world, jobId, 'reader')), ...(await take(world, jobId, 'lines'))];
    if (due.length === 0) {
      await sleep(250);
      continue;
    }
    const results = await world.prepare(
      due.map((delivery) => ({
        functionId: delivery.queue === 'reader' ? 'read-bulk-job' : 'run-bulk-job-lines',
        event: { Records: [delivery.record] },
      })),
    );
    results.forEach((result, index) => {
      const failed = (result as { batchItemFailures?: unknown[] }).batchItemFailures ?? [];
      const delivery = due[index] as Delivery;
      if (failed.length > 0) mailboxOf(world).push({ ...delivery, notBefore: Date.now() + REDELIVERY_MS });
    });
  }
}

/** The items of the subject's job: the job, its counter shards, its chunks' lines (claims among them). */
export async function bulkJobItems(world: World, subject: Subject): Promise<Record<string, unknown>[]> {
  const job = subject.data.tokens?.job;
  if (!job) return [];
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: ScanCommandInput['ExclusiveStartKey'];
  do {
    const page = await world.standIns.db.send(
      new ScanCommand({
        TableName: world.standIns.tableName,
        ConsistentRead: true,
        FilterExpression: 'begins_with(pk, :job)',
        ExpressionAttributeValues: { ':job': `BULKJOB#${job}` },
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

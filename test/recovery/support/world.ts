import { randomBytes } from 'node:crypto';
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  type ScanCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { SQSRecord } from 'aws-lambda';
import { isTaskMessage, type TaskMessage } from '../../../functions/rules/account-task/engine.js';
import { keyHash } from '../../../functions/rules/idempotency/idempotency-key.js';
import { apiKeyItem } from '../../../functions/store/api-key-store.js';
import { keys } from '../../../functions/store/keys.js';
import { organisationItem } from '../../../functions/store/organisation-store.js';
import { supplierItem } from '../../../functions/store/supplier-store.js';
import { sqsRecord } from '../../../infra/local/sqs-poller.js';
import { putDocument } from '../../post-import/support/documents.js';
import { putAccountDocuments } from '../../support/realistic-accounts/documents.js';
import { bulkJobItems } from './bulk-jobs.js';
import { functionBundle } from './bundles.js';
import type { CallMoment } from './call-hooks.js';
import { type ChildOutcome, runChild } from './child.js';
import type { ChildStep } from './child-runner.js';
import { organisationOf } from './requests.js';
import { createStandIns, type StandIns, takeAllMessages } from './stand-ins.js';
import { StreamTap } from './stream.js';

/**
 * One exploration's world: its stand-ins (table, queue, bus), its stream, the task messages
 * its functions sent, and the subjects (one import supplier and one account each) its cases act on.
 */

/**
 * The Lambda timeout the harness gives the function under test and its re-drives: a claim it
 * takes lives this long (the claim margin is 0). Short, so that a re-drive waits little for a
 * dead holder's claim; long enough that no invocation on a busy machine runs out of time: an
 * account's creation makes a dozen requests or more, each slower while the whole suite runs
 * (`CRASH_POINTS_TIMEOUT_MS` to change it). The functions' own timeout, 10 s, is the same.
 */
export const INVOCATION_TIMEOUT_MS = Number(process.env.CRASH_POINTS_TIMEOUT_MS || 10_000);
/** Preparation is no part of what is explored: it gets API Gateway's 29 s, time enough on a busy machine. */
const PREPARATION_TIMEOUT_MS = 29_000;
export const DOCUMENT_PATH = 'statements/2025/doc-1.pdf';

export interface Subject {
  supplier: string;
  external: string;
  rootLocation: string;
  /**
   * What the path's preparation made (payload, meter points, references, …). `data.tokens`
   * name the subject's own items and events and are replaced by a placeholder when comparing;
   * `data.placeholders` are only replaced (values several subjects share).
   */
  // biome-ignore lint/suspicious/noExplicitAny: each path keeps its own preparation data
  data: Record<string, any>;
}

export interface Step {
  functionId: string;
  event: unknown;
  timeoutMs?: number;
  counted?: boolean;
  crash?: { k?: number; operation?: string; moment: CallMoment };
}

export class World {
  private readonly mailbox: { message: TaskMessage; record: SQSRecord }[] = [];
  private subjects = 0;

  private constructor(
    readonly label: string,
    readonly standIns: StandIns,
    readonly tap: StreamTap,
  ) {}

  /** A world with stand-ins of its own; `env` is given to every child on top of the stack's variables. */
  static async create(label: string, env: Record<string, string> = {}): Promise<World> {
    const standIns = await createStandIns(label);
    Object.assign(standIns.env, env);
    return new World(
      label,
      standIns,
      new StreamTap(standIns.streamArn, standIns.env.AWS_REGION ?? 'eu-west-2'),
    );
  }

  /** A fresh import supplier (Ongoing, its own document root holding one document) and account number. */
  async newSubject(): Promise<Subject> {
    const tag = `${this.label}-${++this.subjects}-${randomBytes(3).toString('hex')}`.toUpperCase();
    const subject: Subject = {
      supplier: `CP-${tag}`,
      external: `EXT-${tag}`,
      rootLocation: `crash-points/${tag.toLowerCase()}`,
      // The organisation the requests act for (./requests.ts): its items name it.
      data: { tokens: { organisation: `crash-points-cp-${tag.toLowerCase()}` } },
    };
    await this.standIns.db.send(
      new PutCommand({
        TableName: this.standIns.tableName,
        Item: supplierItem({
          code: subject.supplier,
          status: 'Ongoing',
          root_location: subject.rootLocation,
          expiry_window_days: 30,
        }),
      }),
    );
    // The organisation the requests act for (./requests.ts), with a key: a bulk job acts only
    // while its organisation holds a key and covers its supplier.
    const organisation = String(subject.data.tokens.organisation);
    const at = new Date().toISOString();
    for (const Item of [
      organisationItem({ name: organisation, suppliers: [subject.supplier], created_at: at, updated_at: at }),
      apiKeyItem({
        key_id: `key-${subject.supplier}`,
        key_hash: `hash-${subject.supplier}`,
        organisation,
        created_at: at,
      }),
    ]) {
      await this.standIns.db.send(new PutCommand({ TableName: this.standIns.tableName, Item }));
    }
    await putDocument(`${subject.rootLocation}/${DOCUMENT_PATH}`);
    await putAccountDocuments([subject.rootLocation]);
    return subject;
  }

  /** Runs steps in one fresh child process (a cold start), each function's deployed bundle. */
  async run(steps: readonly Step[]): Promise<ChildOutcome> {
    const childSteps: ChildStep[] = [];
    for (const step of steps) {
      childSteps.push({
        bundle: await functionBundle(step.functionId),
        functionName: `crash-points-${step.functionId}`,
        event: step.event,
        timeoutMs: step.timeoutMs ?? INVOCATION_TIMEOUT_MS,
        ...(step.counted ? { counted: true } : {}),
        ...(step.crash ? { crash: step.crash } : {}),
      });
    }
    return runChild({ services: this.standIns.services, steps: childSteps }, this.standIns.env);
  }

  /** Preparation: runs the steps with the API's timeout; each must succeed (2xx for an API answer). */
  async prepare(steps: readonly Step[]): Promise<unknown[]> {
    const outcome = await this.run(steps.map((step) => ({ timeoutMs: PREPARATION_TIMEOUT_MS, ...step })));
    return outcome.steps.map((step, index) => {
      const status = (step?.result as { statusCode?: number } | undefined)?.statusCode;
      if (!step || step.error || (status !== undefined && status >= 300)) {
        throw new Error(
          `preparation step ${steps[index]?.functionId} failed: ${JSON.stringify(step)}\n${outcome.output.slice(-2000)}`,
        );
      }
      return step.result;
    });
  }

  /** Moves every message the functions sent to the task queue into the harness's mailbox. */
  async drainQueue(): Promise<void> {
    for (const message of await takeAllMessages(this.standIns.sqs, this.standIns.queueUrl)) {
      const body: unknown = JSON.parse(message.Body ?? 'null');
      if (isTaskMessage(body))
        this.mailbox.push({
          message: body,
          record: sqsRecord(message, 'arn:aws:sqs:eu-west-2:000000000000:crash-points', 'eu-west-2'),
        });
    }
  }

  /** Takes the task messages of the subject's accounts out of the mailbox (after draining the queue). */
  async takeMessages(subject: Subject): Promise<SQSRecord[]> {
    await this.drainQueue();
    const mine = this.mailbox.filter(({ message }) => message.import_supplier === subject.supplier);
    for (const entry of mine) this.mailbox.splice(this.mailbox.indexOf(entry), 1);
    return mine.map(({ record }) => record);
  }

  /** The items of an import partition of the subject (process, staged account, task): its own account's by default. */
  async importItems(subject: Subject, external = subject.external): Promise<Record<string, unknown>[]> {
    const { Items = [] } = await this.standIns.db.send(
      new QueryCommand({
        TableName: this.standIns.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `IMPORT#${subject.supplier}#${external}` },
        ConsistentRead: true,
      }),
    );
    return Items;
  }

  /**
   * The items that may hold the subject's claims: its accounts' import partitions (its own, and
   * the others its preparation named in `data.externals`) and its bulk job's items.
   */
  async claimItems(subject: Subject): Promise<Record<string, unknown>[]> {
    const externals = [subject.external, ...((subject.data.externals as string[] | undefined) ?? [])];
    const imports = await Promise.all(externals.map((external) => this.importItems(subject, external)));
    return [...imports.flat(), ...(await bulkJobItems(this, subject)), ...(await this.keyRecords(subject))];
  }

  /** The records of the idempotency keys the subject's requests sent (their claims, then their answers). */
  async keyRecords(subject: Subject): Promise<Record<string, unknown>[]> {
    const used = (subject.data.idempotencyKeys ?? []) as string[];
    const records = await Promise.all(
      used.map(async (key) => {
        const { Item } = await this.standIns.db.send(
          new GetCommand({
            TableName: this.standIns.tableName,
            Key: keys.idempotencyKey(organisationOf(subject), keyHash(key)),
            ConsistentRead: true,
          }),
        );
        return Item;
      }),
    );
    return records.filter((record): record is Record<string, unknown> => record !== undefined);
  }

  /** Every item of the world's table. */
  async items(): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let ExclusiveStartKey: ScanCommandInput['ExclusiveStartKey'];
    do {
      const page = await this.standIns.db.send(
        new ScanCommand({ TableName: this.standIns.tableName, ConsistentRead: true, ExclusiveStartKey }),
      );
      items.push(...(page.Items ?? []));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items;
  }

  async close(): Promise<void> {
    this.tap.close();
    await this.standIns.close();
  }
}

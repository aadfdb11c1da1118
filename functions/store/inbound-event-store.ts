import type { MeterPointClaim } from '../rules/meter-points/join-supplier-outcome.js';
import { TABLE_NAME } from './dynamodb.js';
import { keys } from './keys.js';
import { getMeterPointClaims } from './meter-point-store.js';
import type { TransactItem } from './transact-write.js';
import { type Resolution, transactWriteWithRetry } from './transact-write-retry.js';

/**
 * Inbound events applied at most once. Applying an event writes, in one TransactWriteItems, a
 * record of its id (`INBOUND#<event id>`, conditional on `attribute_not_exists`, removed by the
 * table's TTL at `expires_at`) and every status change it makes, each conditional on the claim
 * being as it was read. So either the event is recorded with all its changes or nothing is
 * written; a second delivery, at the same time or later, finds the record and writes nothing.
 */

/** What the record of an applied inbound event holds. */
export interface InboundEventRecord {
  inbound_event_id: string;
  detail_type: string;
  account_number: string;
  join_supplier_process_number: string;
  applied_at: string;
  /** Unix seconds: the table's TTL removes the record then. */
  expires_at: number;
  /** The meter points whose status it changed. */
  updated_meter_points: string[];
}

/**
 * A status change of one meter point of `account_number`: to `to`, written only while the
 * meter point is still in `from` with `process` its latest join-supplier process.
 */
export interface StatusChange {
  mpxn: string;
  account_number: string;
  from: string;
  process: string;
  to: string;
}

export interface InboundEventWrite {
  record: Omit<InboundEventRecord, 'updated_meter_points'>;
  /** The meter points the event names; their claims are read (and read again after a race). */
  mpxns: readonly string[];
  /** The status changes to make, given the claims as read (a pure rule). */
  changes: (claims: ReadonlyMap<string, MeterPointClaim>) => StatusChange[];
}

export type InboundEventWritten =
  /** Recorded now, with the changes decided from `claims` (the claims as they were before). */
  | { repeated: false; claims: ReadonlyMap<string, MeterPointClaim> }
  /** Recorded before: nothing was written. */
  | { repeated: true; first: Partial<InboundEventRecord> };

/**
 * Reads the claims of the event's meter points, decides its changes and writes them with the
 * event's record. A claim another writer moved meanwhile is read again and the changes decided
 * again, so the changes always follow from the claims they were written over.
 */
export async function applyInboundEventOnce(write: InboundEventWrite): Promise<InboundEventWritten> {
  let claims = await getMeterPointClaims(write.mpxns);
  let changes = write.changes(claims);
  let first: Partial<InboundEventRecord> | undefined;
  await transactWriteWithRetry({
    items: () =>
      first
        ? undefined
        : [
            recordPut(write, changes),
            ...changes.map((change) => statusUpdate(change, write.record.applied_at)),
          ],
    resolve: async (reasons): Promise<Resolution> => {
      const [recordReason, ...changeReasons] = reasons;
      if (recordReason?.code === 'ConditionalCheckFailed') {
        first = (recordReason.item ?? {}) as Partial<InboundEventRecord>;
        return 'retry-now';
      }
      if (!changeReasons.some((reason) => reason.code === 'ConditionalCheckFailed')) {
        throw new Error(`Inbound event write cancelled: ${reasons.map((r) => r.code).join(', ')}`);
      }
      claims = await getMeterPointClaims(write.mpxns);
      changes = write.changes(claims);
      return 'retry-now';
    },
  });
  return first ? { repeated: true, first } : { repeated: false, claims };
}

function recordPut(write: InboundEventWrite, changes: readonly StatusChange[]): TransactItem {
  const record: InboundEventRecord = {
    ...write.record,
    updated_meter_points: changes.map((change) => change.mpxn),
  };
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: { ...keys.inboundEvent(record.inbound_event_id), entity: 'InboundEvent', ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

function statusUpdate(change: StatusChange, nowIso: string): TransactItem {
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: keys.meterPoint(change.mpxn),
      UpdateExpression: 'SET #status = :to, status_updated_at = :now',
      ConditionExpression:
        'account_number = :account AND #status = :seen AND join_supplier_process_number = :process',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':to': change.to,
        ':now': nowIso,
        ':account': change.account_number,
        ':seen': change.from,
        ':process': change.process,
      },
    },
  };
}

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { EventDetail } from '../events/outbox.js';
import { outboxPut } from '../events/outbox.js';
import type { MeterPointClaim } from '../rules/meter-points/join-supplier-outcome.js';
import type { AccountMeterPoint, MeterPointStatus } from '../rules/meter-points/meter-point-status.js';
import { INITIAL_METER_POINT_STATUS } from '../rules/meter-points/meter-point-status.js';
import { batchGetItems, itemKey } from './batch-get.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { keys } from './keys.js';
import type { CancellationReason, TransactItem } from './transact-write.js';
import { transactWriteWithRetry } from './transact-write-retry.js';

/**
 * Meter points of imported accounts. Each meter point has one claim item
 * (`METERPOINT#<mpxn>`), written with `attribute_not_exists` in the transaction that creates
 * its account, so a meter point belongs to at most one account; the claim carries the
 * account number and the registration status. The account keeps the ordered list of its
 * meter points (`ACCOUNT#<number>` / `METERPOINTS`).
 */

export interface MeterPointWithStatus extends AccountMeterPoint {
  status: MeterPointStatus;
}

/**
 * The items the account-creation transaction adds: the account's meter point list and one
 * claim per meter point, each in `PRE_REGISTRATION`. A claim that exists already cancels the
 * whole transaction (see `isMeterPointTaken`).
 */
export function meterPointClaimItems(
  serviceAccountNumber: string,
  meterPoints: readonly AccountMeterPoint[],
  createdAtIso: string,
): TransactItem[] {
  return [
    {
      Put: {
        TableName: TABLE_NAME,
        Item: {
          ...keys.accountMeterPoints(serviceAccountNumber),
          entity: 'AccountMeterPoints',
          account_number: serviceAccountNumber,
          meter_points: meterPoints,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...meterPoints.map((meterPoint) => ({
      Put: {
        TableName: TABLE_NAME,
        Item: {
          ...keys.meterPoint(meterPoint.mpxn),
          entity: 'MeterPoint',
          mpxn: meterPoint.mpxn,
          supply_type: meterPoint.supply_type,
          account_number: serviceAccountNumber,
          status: INITIAL_METER_POINT_STATUS,
          status_updated_at: createdAtIso,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    })),
  ];
}

/**
 * True when a creation transaction failed because one of its meter points belongs to another
 * account already; `itemsStart` is the position of the first item `meterPointClaimItems` gave.
 */
export function isMeterPointTaken(reasons: readonly CancellationReason[], itemsStart: number): boolean {
  return reasons.slice(itemsStart + 1).some((reason) => reason.code === 'ConditionalCheckFailed');
}

/** The account's meter points in payload order with their current statuses (strongly consistent). */
export async function getAccountMeterPoints(serviceAccountNumber: string): Promise<MeterPointWithStatus[]> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.accountMeterPoints(serviceAccountNumber),
      ConsistentRead: true,
    }),
  );
  const meterPoints = (Item?.meter_points ?? []) as AccountMeterPoint[];
  if (meterPoints.length === 0) return [];
  const claims = await batchGetItems(meterPoints.map((meterPoint) => keys.meterPoint(meterPoint.mpxn)));
  return meterPoints.map((meterPoint) => {
    const claim = claims.get(itemKey(keys.meterPoint(meterPoint.mpxn)));
    return { ...meterPoint, status: (claim?.status ?? INITIAL_METER_POINT_STATUS) as MeterPointStatus };
  });
}

export interface RegistrationRequest {
  serviceAccountNumber: string;
  processNumber: string;
  nowIso: string;
  /** The meter points read as requestable, with the status they were read in. */
  meterPoints: readonly MeterPointWithStatus[];
  /** The event for the meter points still requested (rebuilt after a lost race). */
  event: (requested: readonly MeterPointWithStatus[]) => EventDetail;
  /** What the caller returns when the write commits with this result (see `ConditionalWrite.outcome`). */
  outcome?: (result: RegistrationResult) => unknown;
}

export interface RegistrationResult {
  requested: MeterPointWithStatus[];
  changed: Map<string, string>;
}

/**
 * Moves each given meter point to REGISTRATION_REQUESTED, each only from the status it was read
 * in, with the event in the same transaction. A meter point another call moved meanwhile is
 * re-read and left out (its new status is returned), so concurrent calls request each meter
 * point once. Returns the meter points requested and the current status of the others.
 */
export async function requestRegistrations(request: RegistrationRequest): Promise<RegistrationResult> {
  let pending = [...request.meterPoints];
  const changed = new Map<string, string>();
  await transactWriteWithRetry({
    items: () =>
      pending.length === 0
        ? undefined
        : [
            ...pending.map((meterPoint) => ({
              Update: {
                TableName: TABLE_NAME,
                Key: keys.meterPoint(meterPoint.mpxn),
                UpdateExpression:
                  'SET #status = :requested, status_updated_at = :now, join_supplier_process_number = :process',
                ConditionExpression: 'account_number = :account AND #status = :seen',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':requested': 'REGISTRATION_REQUESTED',
                  ':now': request.nowIso,
                  ':process': request.processNumber,
                  ':account': request.serviceAccountNumber,
                  ':seen': meterPoint.status,
                },
                ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
              },
            })),
            outboxPut(TABLE_NAME, [request.event(pending)]),
          ],
    resolve: (reasons) => {
      const lost = new Set<string>();
      pending.forEach((meterPoint, index) => {
        const reason = reasons[index];
        if (reason?.code !== 'ConditionalCheckFailed') return;
        lost.add(meterPoint.mpxn);
        changed.set(meterPoint.mpxn, String(reason.item?.status ?? 'UNKNOWN'));
      });
      if (lost.size === 0)
        throw new Error(`Registration request cancelled: ${reasons.map((r) => r.code).join(', ')}`);
      pending = pending.filter((meterPoint) => !lost.has(meterPoint.mpxn));
      return 'retry-now';
    },
    ...(request.outcome ? { outcome: () => request.outcome?.({ requested: pending, changed }) } : {}),
  });
  return { requested: pending, changed };
}

/**
 * The claims of `mpxns` that exist, by MPxN (strongly consistent): the account each belongs to,
 * its status and its latest requested join-supplier process.
 */
export async function getMeterPointClaims(mpxns: readonly string[]): Promise<Map<string, MeterPointClaim>> {
  const items = await batchGetItems(
    mpxns.map((mpxn) => keys.meterPoint(mpxn)),
    ['pk', 'sk', 'account_number', 'status', 'join_supplier_process_number'],
  );
  const claims = new Map<string, MeterPointClaim>();
  for (const mpxn of mpxns) {
    const item = items.get(itemKey(keys.meterPoint(mpxn)));
    if (!item) continue;
    claims.set(mpxn, {
      account_number: String(item.account_number),
      status: String(item.status),
      ...(typeof item.join_supplier_process_number === 'string'
        ? { join_supplier_process_number: item.join_supplier_process_number }
        : {}),
    });
  }
  return claims;
}

/** Those of `mpxns` that belong to an account already (strongly consistent). */
export async function claimedMeterPoints(mpxns: readonly string[]): Promise<string[]> {
  if (mpxns.length === 0) return [];
  const claims = await batchGetItems(
    mpxns.map((mpxn) => keys.meterPoint(mpxn)),
    ['pk', 'sk'],
  );
  return mpxns.filter((mpxn) => claims.has(itemKey(keys.meterPoint(mpxn))));
}

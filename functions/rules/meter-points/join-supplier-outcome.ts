import type { MeterPointStatus } from './meter-point-status.js';

/**
 * The join-supplier outcomes this service consumes from other producers on its bus, and what
 * each does to a meter point's status. Pure.
 *
 * An outcome speaks of one join-supplier process (`join_supplier_process_number`). It can
 * change only a meter point whose latest requested process it names: once a meter point is
 * requested again, every outcome of its earlier processes is superseded and changes nothing.
 * Within the latest process the outcomes rank
 *
 *   REGISTRATION_REQUESTED < REGISTRATION_WITHDRAWN (cancelled) < ON_SUPPLY (completed)
 *
 * and an outcome only ever moves a meter point up: a completed moves a requested or withdrawn
 * meter point ON_SUPPLY; a cancelled withdraws a requested one and leaves one ON_SUPPLY as it is
 * (a started supply is not withdrawn). Each move is therefore idempotent and any two commute,
 * so whatever order the outcomes of a process arrive in, and however often each comes, the
 * meter point ends where one in-order delivery leaves it.
 */
export const CONSUMED_DETAIL_TYPES = [
  'lifecycle.join-supplier.completed@v1',
  'lifecycle.join-supplier.cancelled@v1',
] as const;

export type ConsumedDetailType = (typeof CONSUMED_DETAIL_TYPES)[number];

/** The status each outcome moves a meter point of its process to. */
export const OUTCOME_STATUS: Record<ConsumedDetailType, MeterPointStatus> = {
  'lifecycle.join-supplier.completed@v1': 'ON_SUPPLY',
  'lifecycle.join-supplier.cancelled@v1': 'REGISTRATION_WITHDRAWN',
};

/** The order of the statuses a requested meter point can be in; an outcome only moves it up. */
const PROCESS_RANK: Partial<Record<string, number>> = {
  REGISTRATION_REQUESTED: 0,
  REGISTRATION_WITHDRAWN: 1,
  ON_SUPPLY: 2,
};

/**
 * Longest inbound `event_id` accepted. The id is kept as a table key (DynamoDB allows 2 KB);
 * event ids are UUIDs, so a longer one is not an event id.
 */
export const MAX_EVENT_ID_LENGTH = 256;

export interface JoinSupplierOutcome {
  detailType: ConsumedDetailType;
  eventId: string;
  accountNumber: string;
  joinSupplierProcessNumber: string;
  mpxns: string[];
}

/** An EventBridge envelope as a rule target receives it. */
export interface InboundEnvelope {
  source?: unknown;
  'detail-type'?: unknown;
  detail?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The outcome an envelope carries, or why it is not one this service can apply. */
export function readJoinSupplierOutcome(
  envelope: InboundEnvelope,
): { ok: true; outcome: JoinSupplierOutcome } | { ok: false; reason: string } {
  const detailType = envelope['detail-type'];
  if (!(CONSUMED_DETAIL_TYPES as readonly unknown[]).includes(detailType)) {
    return { ok: false, reason: `detail-type ${String(detailType)} is not consumed` };
  }
  const detail = envelope.detail;
  if (!isObject(detail) || !isObject(detail.payload))
    return { ok: false, reason: 'detail.payload is missing' };
  const { payload } = detail;
  if (!isText(detail.event_id) || detail.event_id.length > MAX_EVENT_ID_LENGTH) {
    return { ok: false, reason: 'detail.event_id is missing or not an event id' };
  }
  if (!isText(payload.account_number)) return { ok: false, reason: 'payload.account_number is missing' };
  if (!isText(payload.join_supplier_process_number)) {
    return { ok: false, reason: 'payload.join_supplier_process_number is missing' };
  }
  if (!Array.isArray(payload.supply_points)) return { ok: false, reason: 'payload.supply_points is missing' };
  const mpxns = payload.supply_points.flatMap((point) =>
    isObject(point) && isText(point.external_identifier) ? [point.external_identifier] : [],
  );
  return {
    ok: true,
    outcome: {
      detailType: detailType as ConsumedDetailType,
      eventId: detail.event_id,
      accountNumber: payload.account_number,
      joinSupplierProcessNumber: payload.join_supplier_process_number,
      mpxns: [...new Set(mpxns)],
    },
  };
}

/** A meter point's claim as the table holds it. */
export interface MeterPointClaim {
  account_number: string;
  status: string;
  /** The latest process requested for it; absent while it was never requested. */
  join_supplier_process_number?: string;
}

/**
 * What an outcome does to one listed meter point:
 * - `updated`: it moves from `from` to `status`;
 * - `unchanged`: its process is the event's, and it already is at or above the outcome's status;
 * - `superseded`: the event's process is not its latest requested one (or it was never requested);
 * - `unknown_meter_point`: no such meter point, or it belongs to another account.
 */
export type MeterPointOutcome =
  | { mpxn: string; outcome: 'updated'; from: string; status: MeterPointStatus }
  | { mpxn: string; outcome: 'unchanged' | 'superseded'; status: string }
  | { mpxn: string; outcome: 'unknown_meter_point' };

export function decideMeterPointOutcome(
  outcome: JoinSupplierOutcome,
  mpxn: string,
  claim: MeterPointClaim | undefined,
): MeterPointOutcome {
  if (!claim || claim.account_number !== outcome.accountNumber)
    return { mpxn, outcome: 'unknown_meter_point' };
  if (claim.join_supplier_process_number !== outcome.joinSupplierProcessNumber) {
    return { mpxn, outcome: 'superseded', status: claim.status };
  }
  const to = OUTCOME_STATUS[outcome.detailType];
  const rank = PROCESS_RANK[claim.status];
  if (rank !== undefined && rank < (PROCESS_RANK[to] as number)) {
    return { mpxn, outcome: 'updated', from: claim.status, status: to };
  }
  return { mpxn, outcome: 'unchanged', status: claim.status };
}

/** What the outcome does to each meter point it lists, in its order. */
export function decideOutcome(
  outcome: JoinSupplierOutcome,
  claims: ReadonlyMap<string, MeterPointClaim>,
): MeterPointOutcome[] {
  return outcome.mpxns.map((mpxn) => decideMeterPointOutcome(outcome, mpxn, claims.get(mpxn)));
}

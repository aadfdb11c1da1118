import type { MeterPointStatus } from './meter-point-status.js';

/**
 * The join-supplier outcomes this service consumes from other producers on its bus, and what
 * each does to a meter point's status. Pure.
 *
 * - `lifecycle.join-supplier.completed@v1`: each listed supply point → ON_SUPPLY (from any other status);
 * - `lifecycle.join-supplier.cancelled@v1`: each listed supply point → REGISTRATION_WITHDRAWN,
 *   except one already ON_SUPPLY (a started supply is not withdrawn by a cancellation).
 */
export const CONSUMED_DETAIL_TYPES = [
  'lifecycle.join-supplier.completed@v1',
  'lifecycle.join-supplier.cancelled@v1',
] as const;

export type ConsumedDetailType = (typeof CONSUMED_DETAIL_TYPES)[number];

export interface StatusMove {
  to: MeterPointStatus;
  from: readonly MeterPointStatus[];
}

export const STATUS_MOVES: Record<ConsumedDetailType, StatusMove> = {
  'lifecycle.join-supplier.completed@v1': {
    to: 'ON_SUPPLY',
    from: ['PRE_REGISTRATION', 'REGISTRATION_REQUESTED', 'REGISTRATION_WITHDRAWN'],
  },
  'lifecycle.join-supplier.cancelled@v1': {
    to: 'REGISTRATION_WITHDRAWN',
    from: ['PRE_REGISTRATION', 'REGISTRATION_REQUESTED'],
  },
};

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
  const inboundEventId = detail.event_id;
  if (typeof payload.account_number !== 'string' || payload.account_number === '') {
    return { ok: false, reason: 'payload.account_number is missing' };
  }
  if (!Array.isArray(payload.supply_points)) return { ok: false, reason: 'payload.supply_points is missing' };
  const mpxns = payload.supply_points.flatMap((point) =>
    isObject(point) && typeof point.external_identifier === 'string' && point.external_identifier !== ''
      ? [point.external_identifier]
      : [],
  );
  return {
    ok: true,
    outcome: {
      detailType: detailType as ConsumedDetailType,
      eventId: typeof inboundEventId === 'string' ? inboundEventId : '',
      accountNumber: payload.account_number,
      joinSupplierProcessNumber:
        typeof payload.join_supplier_process_number === 'string' ? payload.join_supplier_process_number : '',
      mpxns: [...new Set(mpxns)],
    },
  };
}

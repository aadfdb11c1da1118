import { EVENT_SOURCE } from '../events/outbox.js';
import { logger } from '../logger.js';
import {
  type InboundEnvelope,
  readJoinSupplierOutcome,
  STATUS_MOVES,
} from '../rules/meter-points/join-supplier-outcome.js';
import { isoDateTime } from '../rules/values/dates.js';
import { type LifecycleOutcome, moveMeterPointStatus } from '../store/meter-point-store.js';

export interface AppliedOutcome {
  /** `ignored`: from this service's own source; `dropped`: not an outcome it can apply. */
  result: 'applied' | 'ignored' | 'dropped';
  meterPoints: { mpxn: string; outcome: LifecycleOutcome; status?: string }[];
  /** Why an event was ignored or dropped, naming what to check (also logged). */
  reason?: string;
}

/**
 * Applies a join-supplier completed/cancelled event from another producer to the statuses of
 * the account's meter points. Never fails for the event's content (an unknown account or
 * meter point is logged and dropped, so it is not retried forever); a repeated event changes
 * nothing more. Only a storage failure throws, and is retried.
 */
export async function applyJoinSupplierOutcome(
  envelope: InboundEnvelope,
  now = new Date(),
): Promise<AppliedOutcome> {
  if (envelope.source === EVENT_SOURCE) {
    const reason = `its source is this service's own (${EVENT_SOURCE}): another producer's events only`;
    logger.info('Ignored a join-supplier event from this service’s own source');
    return { result: 'ignored', meterPoints: [], reason };
  }
  const read = readJoinSupplierOutcome(envelope);
  if (!read.ok) {
    logger.warn('Dropped an inbound event that is not a join-supplier outcome', { reason: read.reason });
    return { result: 'dropped', meterPoints: [], reason: `not a join-supplier outcome: ${read.reason}` };
  }
  const { outcome } = read;
  const move = STATUS_MOVES[outcome.detailType];
  const meterPoints = [];
  for (const mpxn of outcome.mpxns) {
    const moved = await moveMeterPointStatus(
      outcome.accountNumber,
      mpxn,
      move.to,
      move.from,
      isoDateTime(now),
    );
    meterPoints.push({ mpxn, ...moved, ...(moved.outcome === 'updated' ? { status: move.to } : {}) });
  }
  const context = {
    detail_type: outcome.detailType,
    inbound_event_id: outcome.eventId,
    account_number: outcome.accountNumber,
    join_supplier_process_number: outcome.joinSupplierProcessNumber,
    meter_points: meterPoints,
  };
  if (meterPoints.length === 0 || meterPoints.every((point) => point.outcome === 'unknown_meter_point')) {
    logger.warn('Dropped a join-supplier event: no meter point of it belongs to this account', context);
    const reason =
      meterPoints.length === 0
        ? 'payload.supply_points lists no external_identifier'
        : `no meter point of it (${outcome.mpxns.join(', ')}) belongs to account ${outcome.accountNumber}: ` +
          'payload.account_number must be the service account number (A-…) that process/ answered, ' +
          'and each external_identifier one of that account’s MPANs or MPRNs';
    return { result: 'dropped', meterPoints, reason };
  }
  if (meterPoints.some((point) => point.outcome === 'unknown_meter_point')) {
    logger.warn('Some meter points of a join-supplier event do not belong to this account', context);
  } else {
    logger.info('Applied a join-supplier event', context);
  }
  return { result: 'applied', meterPoints };
}

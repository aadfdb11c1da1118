import { EVENT_SOURCE } from '../events/outbox.js';
import { logger } from '../logger.js';
import { INBOUND_EVENT_ID_RETENTION_SECONDS } from '../rules/meter-points/join-supplier-delivery.js';
import {
  decideOutcome,
  type InboundEnvelope,
  type JoinSupplierOutcome,
  type MeterPointOutcome,
  readJoinSupplierOutcome,
} from '../rules/meter-points/join-supplier-outcome.js';
import { isoDateTime } from '../rules/values/dates.js';
import { applyInboundEventOnce, type StatusChange } from '../store/inbound-event-store.js';

export interface AppliedOutcome {
  /**
   * `applied`: recorded, with what it did to each meter point it names (possibly nothing);
   * `repeated`: its `event_id` was applied before, nothing changed; `ignored`: from this
   * service's own source; `dropped`: not an outcome it can apply, or no meter point of the account.
   */
  result: 'applied' | 'repeated' | 'ignored' | 'dropped';
  meterPoints: MeterPointOutcome[];
  /** Why an event was repeated, ignored or dropped, naming what to check (also logged). */
  reason?: string;
}

/**
 * Applies a join-supplier completed/cancelled event from another producer to the statuses of
 * the account's meter points, at most once per `event_id`: the event's record and the status
 * changes it makes are written in one transaction, so a repeat (or a redelivery after a crash
 * anywhere in here) changes nothing more. An outcome of a process that is not a meter point's
 * latest changes nothing for it (see the rule). Never fails for the event's content (an unknown
 * account or meter point is logged and dropped, so it is not retried forever); only a storage
 * failure throws, and is retried.
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
  const context = {
    detail_type: outcome.detailType,
    inbound_event_id: outcome.eventId,
    account_number: outcome.accountNumber,
    join_supplier_process_number: outcome.joinSupplierProcessNumber,
  };
  if (outcome.mpxns.length === 0) {
    logger.warn('Dropped a join-supplier event that names no meter point', context);
    return {
      result: 'dropped',
      meterPoints: [],
      reason: 'payload.supply_points lists no external_identifier',
    };
  }

  const written = await applyInboundEventOnce({
    record: {
      inbound_event_id: outcome.eventId,
      detail_type: outcome.detailType,
      account_number: outcome.accountNumber,
      join_supplier_process_number: outcome.joinSupplierProcessNumber,
      applied_at: isoDateTime(now),
      expires_at: Math.floor(now.getTime() / 1000) + INBOUND_EVENT_ID_RETENTION_SECONDS,
    },
    mpxns: outcome.mpxns,
    changes: (claims) => statusChanges(outcome, decideOutcome(outcome, claims)),
  });
  if (written.repeated) {
    logger.info('Ignored a repeated join-supplier event: its event_id was applied before', {
      ...context,
      first_applied_at: written.first.applied_at,
    });
    return {
      result: 'repeated',
      meterPoints: [],
      reason: `its event_id was applied before, at ${written.first.applied_at}: nothing changes again`,
    };
  }

  const meterPoints = decideOutcome(outcome, written.claims);
  const logged = { ...context, meter_points: meterPoints };
  if (meterPoints.every((point) => point.outcome === 'unknown_meter_point')) {
    logger.warn('Dropped a join-supplier event: no meter point of it belongs to this account', logged);
    const reason =
      `no meter point of it (${outcome.mpxns.join(', ')}) belongs to account ${outcome.accountNumber}: ` +
      'payload.account_number must be the service account number (A-…) that process/ answered, ' +
      'and each external_identifier one of that account’s MPANs or MPRNs';
    return { result: 'dropped', meterPoints, reason };
  }
  if (meterPoints.some((point) => point.outcome === 'unknown_meter_point')) {
    logger.warn('Some meter points of a join-supplier event do not belong to this account', logged);
  } else if (meterPoints.some((point) => point.outcome === 'superseded')) {
    logger.info(
      'A join-supplier event names a process that is no longer the latest: ignored for those meter points',
      logged,
    );
  } else {
    logger.info('Applied a join-supplier event', logged);
  }
  return { result: 'applied', meterPoints };
}

/** The writes the decided outcomes need: one per meter point whose status moves. */
function statusChanges(outcome: JoinSupplierOutcome, decided: readonly MeterPointOutcome[]): StatusChange[] {
  return decided.flatMap((point) =>
    point.outcome === 'updated'
      ? [
          {
            mpxn: point.mpxn,
            account_number: outcome.accountNumber,
            from: point.from,
            process: outcome.joinSupplierProcessNumber,
            to: point.status,
          },
        ]
      : [],
  );
}

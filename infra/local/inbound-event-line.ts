import type { EventEnvelope } from './eventbridge-local.js';

/** What became of an event the service consumed, in one line: applied, ignored or dropped and why. */
export function inboundEventLine(envelope: EventEnvelope, outcome: unknown): string {
  const detail = envelope.detail as { event_id?: unknown } | undefined;
  const id = typeof detail?.event_id === 'string' ? detail.event_id : envelope.id;
  const head = `inbound event ${id} (${envelope['detail-type']} from ${envelope.source})`;
  const { result, reason, meterPoints } = (outcome ?? {}) as {
    result?: string;
    reason?: string;
    meterPoints?: { mpxn: string; outcome: string; status?: string }[];
  };
  if (result === 'applied') {
    const points = (meterPoints ?? []).map((point) =>
      point.outcome === 'updated'
        ? `${point.mpxn} → ${point.status}`
        : point.outcome === 'unchanged'
          ? `${point.mpxn} stays ${point.status}`
          : `${point.mpxn} is not this account's`,
    );
    return `${head} applied: ${points.join(', ')}`;
  }
  return `${head} ${result ?? 'handled'}${reason ? `: ${reason}` : ''}`;
}

import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import { logger } from '../../../functions/logger.js';
import type { AppliedOutcome } from '../../../functions/use-cases/apply-join-supplier-outcome.js';
import { waitForEvents } from '../../support/events-file.js';
import { lambdaContext } from '../../support/in-process.js';

/**
 * The join-supplier outcomes another producer (the platform's lifecycle) puts on the service's
 * bus, and their delivery to the consumer: through the local EventBridge endpoint, or straight
 * to the handler in this process, as the bus invokes it, to see what it did.
 */

export const LIFECYCLE_SOURCE = 'platform.lifecycle';

export type OutcomeKind = 'completed' | 'cancelled';

export interface OutcomeEvent {
  kind: OutcomeKind;
  accountNumber: string;
  mpxns: readonly string[];
  processNumber: string;
  /** `detail.event_id` (default: a new UUID). */
  eventId?: string;
  source?: string;
}

/** The PutEvents entry of an outcome, in the service's envelope. */
export function outcomeEntry(event: OutcomeEvent) {
  const supplyPoints = event.mpxns.map((mpxn) => ({
    external_identifier: mpxn,
    market_name: 'GB_ELECTRICITY',
    [event.kind === 'completed' ? 'confirmed_supply_start_date' : 'requested_supply_start_date']:
      '2026-07-01',
  }));
  return {
    Source: event.source ?? LIFECYCLE_SOURCE,
    DetailType: `lifecycle.join-supplier.${event.kind}@v1`,
    EventBusName: process.env.DATA_IMPORT_EVENT_BUS_NAME,
    Detail: JSON.stringify({
      event_type: `lifecycle.join-supplier.${event.kind}`,
      version: 'v1',
      event_id: event.eventId ?? randomUUID(),
      occurred_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      payload: {
        account_number: event.accountNumber,
        join_supplier_process_number: event.processNumber,
        subtype: 'MIGRATION',
        supply_points: supplyPoints,
      },
    }),
  };
}

export type OutcomeEntry = ReturnType<typeof outcomeEntry>;

/** The envelope the bus hands the consumer for a PutEvents entry. */
export function envelopeOf(entry: OutcomeEntry) {
  return { source: entry.Source, 'detail-type': entry.DetailType, detail: JSON.parse(entry.Detail) };
}

/** Delivers an entry to the consumer's handler in this process; returns what it did. */
export async function deliver(entry: OutcomeEntry): Promise<AppliedOutcome> {
  const { handler } = await import('../../../functions/handlers/apply-join-supplier-outcomes.js');
  return handler(envelopeOf(entry), lambdaContext);
}

/**
 * The consumer's log lines while a test runs, kept out of the test output (the test reads
 * them): `messages()` lists the messages logged at info or warn.
 */
export function captureConsumerLog() {
  const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
  const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
  return {
    messages: () => [...info.mock.calls, ...warn.mock.calls].map((call) => String(call[0])),
    restore: () => {
      info.mockRestore();
      warn.mockRestore();
    },
  };
}

/**
 * The process numbers of the `lifecycle.join-supplier.requested` events the service emitted for
 * an account, once `count` of them are on the bus, in the order they were emitted.
 */
export async function requestedProcessNumbers(
  serviceAccountNumber: string,
  count: number,
): Promise<string[]> {
  const events = await waitForEvents(
    (event) =>
      event['detail-type'] === 'lifecycle.join-supplier.requested@v1' &&
      event.detail.payload.account_number === serviceAccountNumber,
    { count },
  );
  expect(events).toHaveLength(count);
  return events.map((event) => event.detail.payload.join_supplier_process_number as string);
}

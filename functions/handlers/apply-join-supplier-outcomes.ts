import { backgroundHandler } from '../adapters/aws/background-handler.js';
import type { InboundEnvelope } from '../rules/meter-points/join-supplier-outcome.js';
import { applyJoinSupplierOutcome } from '../use-cases/apply-join-supplier-outcome.js';

/**
 * Target of the rule on the service's bus for `lifecycle.join-supplier.completed@v1` and
 * `lifecycle.join-supplier.cancelled@v1` from any source but this service's own: moves the
 * named meter points to ON_SUPPLY or REGISTRATION_WITHDRAWN, each `event_id` at most once and
 * only for a meter point's latest requested process. Succeeds for every event it
 * cannot apply (logged and dropped); throws only when the table fails, which is retried and,
 * after the retries, lands in the dead-letter queue.
 */
export const handler = backgroundHandler(async (event: InboundEnvelope) => applyJoinSupplierOutcome(event));

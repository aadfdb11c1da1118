import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { logger } from '../logger.js';
import type { InboundEnvelope } from '../rules/meter-points/join-supplier-outcome.js';
import { applyJoinSupplierOutcome } from '../use-cases/apply-join-supplier-outcome.js';

/**
 * Target of the rule on the service's bus for `lifecycle.join-supplier.completed@v1` and
 * `lifecycle.join-supplier.cancelled@v1` from any source but this service's own: moves the
 * named meter points to ON_SUPPLY or REGISTRATION_WITHDRAWN. Succeeds for every event it
 * cannot apply (logged and dropped); throws only when the table fails, which is retried and,
 * after the retries, lands in the dead-letter queue.
 */
export const handler = middy<InboundEnvelope>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => applyJoinSupplierOutcome(event));

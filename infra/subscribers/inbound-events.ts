import { CONSUMED_DETAIL_TYPES } from '../../functions/rules/meter-points/join-supplier-outcome.js';
import { backgroundFunctions } from '../routes.js';
import { type SubscriberEventPattern, subscriberEventPattern } from './subscriber-pattern.js';

/**
 * The events the service consumes from its own bus: the join-supplier outcomes other
 * producers send (any source but the service's own), delivered to one function. The ONE
 * pattern the stack's rule and the local runtime's matcher use.
 */
export const joinSupplierOutcomes = {
  functionId: backgroundFunctions.lifecycleUpdates.id,
  pattern: (): SubscriberEventPattern => subscriberEventPattern(CONSUMED_DETAIL_TYPES, 'other-producers'),
};

import type { LocalSubscriber } from '../subscribers/subscriber-declaration.js';

/**
 * The `local` environment's subscribers: what `npm start` delivers to when no
 * `--subscribers FILE` is given. Each receives its matching envelopes, one JSON line each, in
 * `.local/subscribers/<name>.jsonl` under the project root. Same shape as a deployed
 * environment's `subscribers`; the target may be omitted (locally every subscriber is a file).
 * `local` is not a deployable environment: it is not in ./environments.ts.
 */
export const localSubscribers: readonly LocalSubscriber[] = [
  { name: 'everything' },
  { name: 'accounts-created', events: ['account.created'] },
  { name: 'ledger-entries', events: ['billing.ledger.entry_posted@v2'] },
];

import { AsyncLocalStorage } from 'node:async_hooks';
import type { KeptAnswer } from '../rules/idempotency/idempotency-key.js';
import { type KeyClaim, keptAnswerUpdate } from './idempotency-store.js';
import type { TransactItem } from './transact-write.js';

/**
 * The idempotency key of the request being served, for the store's write helper: a request
 * that claimed a key runs in its scope, and the write that ends the request (a use case's last
 * `transactWriteWithRetry`, which says what the use case returns when it commits: `outcome`)
 * carries the key's answer in the same transaction. A crash then leaves both or neither.
 *
 * The request's answer is built from the use case's outcome by the handler's `answerOf`
 * (functions/http/idempotency.ts): the store sees an opaque outcome and a kept answer.
 */
interface Scope {
  claim: KeyClaim;
  /** The answer the handler gives for a use case outcome (set by the handler before its use case runs). */
  answerOf?: (outcome: unknown) => KeptAnswer;
  /** The answer kept by a committed write of this request. */
  kept?: KeptAnswer;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `work` as the request that holds `claim`; `kept`: the answer one of its writes kept, if one did. */
export async function withKeyClaim<T>(
  claim: KeyClaim,
  work: () => Promise<T>,
): Promise<{ value: T; kept?: KeptAnswer }> {
  const scope: Scope = { claim };
  const value = await scopes.run(scope, work);
  return { value, ...(scope.kept ? { kept: scope.kept } : {}) };
}

/** Declares how the current request answers its use case's outcome (no-op outside a key's scope). */
export function answerOutcomesWith(answerOf: (outcome: unknown) => KeptAnswer): void {
  const scope = scopes.getStore();
  if (scope) scope.answerOf = answerOf;
}

/** The claim of the current request, if it has a key. */
export function currentKeyClaim(): KeyClaim | undefined {
  return scopes.getStore()?.claim;
}

/**
 * For a write whose commit ends the request with `outcome`: the key record's Update to add to
 * its transaction, and `committed` to call once the transaction is written. Undefined when the
 * request has no key (or the handler gives no answer for outcomes, or the answer is too large).
 */
export function answerItem(
  outcome: () => unknown,
  now = new Date(),
): { item: TransactItem; committed: () => void } | undefined {
  const scope = scopes.getStore();
  if (!scope?.answerOf || scope.kept) return undefined;
  const answer = scope.answerOf(outcome());
  const item = keptAnswerUpdate(scope.claim, answer, now);
  if (!item) return undefined;
  return {
    item,
    committed: () => {
      scope.kept = answer;
    },
  };
}

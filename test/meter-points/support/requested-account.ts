import { expect } from 'vitest';
import { type OutcomeKind, outcomeEntry, requestedProcessNumbers } from './join-supplier-events.js';
import { importAccount, mpxnsOf, sendRegistrationFlows } from './meter-points-api.js';

/** The statuses endpoint's answer when each of `mpxns` (in payload order) has `status`. */
export const statusesOf = (mpxns: readonly string[], status: string) =>
  mpxns.map((mpxn) => ({ mpxn, status }));

/**
 * An imported account whose meter points have been requested (join-supplier process
 * `processNumber`), and `outcome` building an outcome of that process for some of its meter points.
 */
export async function requestedAccount(token: string) {
  const account = await importAccount(token);
  expect((await sendRegistrationFlows(token, account.external)).status).toBe(200);
  const [processNumber] = await requestedProcessNumbers(account.serviceAccountNumber, 1);
  const mpxns = mpxnsOf(account.payload);
  const outcome = (kind: OutcomeKind, listed: readonly string[] = mpxns, source?: string) =>
    outcomeEntry({
      kind,
      accountNumber: account.serviceAccountNumber,
      mpxns: listed,
      processNumber: processNumber!,
      ...(source ? { source } : {}),
    });
  return { ...account, mpxns, processNumber: processNumber!, outcome };
}

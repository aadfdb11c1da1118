import type { FieldError } from '../../errors.js';
import type { Account } from './account.js';

/**
 * How many embedded items of each kind one account's creation writes: what creation finishes
 * well within its function's deadline in the cloud (docs/api/account-import.md#limits gives the
 * measurement). Above them the account is refused with `too_many_items`, whose detail names the
 * post-import endpoint that takes the rest after creation. Readings are kept in the account's
 * body, not written one by one: the 6 MB body limit is theirs.
 */
export const CREATION_LIMITS = {
  transactions: { max: 1_000, route: 'POST /v1/data-import/transactions/create/' },
  notes: { max: 250, route: 'POST /v1/data-import/notes/create/' },
  statements: { max: 250, route: 'POST /v1/data-import/historical-statements/create/' },
  payment_instructions: { max: 10, route: 'POST /v1/data-import/payment-instruction/create/' },
} as const;

function limitError(attr: string, kind: keyof typeof CREATION_LIMITS, count: number): FieldError[] {
  const { max, route } = CREATION_LIMITS[kind];
  return count > max
    ? [
        {
          attr,
          code: 'too_many_items',
          detail: `Creation takes at most ${max} ${kind.replace('_', ' ')} per account (this one has ${count}); send the rest with ${route} once the account is created.`,
        },
      ]
    : [];
}

/** The account's embedded items over what one creation writes. Pure. */
export function creationLimitErrors(account: Account): FieldError[] {
  const current = account.current_statement_transactions?.length ?? 0;
  const historical = account.historical_statement_transactions?.length ?? 0;
  return [
    ...limitError(
      historical > current ? 'historical_statement_transactions' : 'current_statement_transactions',
      'transactions',
      current + historical,
    ),
    ...limitError('notes', 'notes', account.notes?.length ?? 0),
    ...limitError('statements', 'statements', account.statements?.length ?? 0),
    ...limitError('payment_instructions', 'payment_instructions', account.payment_instructions?.length ?? 0),
  ];
}

import type { EventDetail } from '../events/outbox.js';
import type { Account } from '../rules/account/account.js';
import type { CreationReservation } from '../rules/account/creation-reservation.js';
import { accountMeterPoints } from '../rules/meter-points/meter-point-status.js';
import type { AccountBodyAttributes } from './account-body-store.js';
import { type AccountUserToStore, accountUserPut } from './account-user-store.js';
import { LIMITS, TABLE_NAME } from './dynamodb.js';
import { indexKeys, keys } from './keys.js';
import { meterPointClaimItems } from './meter-point-store.js';
import { outboxPuts } from './outbox-write.js';
import { type SupplierCounterChange, supplierCounterUpdate } from './supplier-counter-store.js';
import type { CancellationReason, TransactItem } from './transact-write.js';

/**
 * Platform accounts created from import processes (partition `ACCOUNT#<service number>`). A
 * creation writes in three steps, so that an account of any size is created whole or finishes
 * on the re-drive:
 * 1. the reservation (ONE transaction): the `ACCOUNT` item in state `CREATING`, its statement
 *    periods, what it holds counted by kind, the claim of each meter point, and the reservation
 *    recorded on the process (while the caller holds its lock): a re-drive reads it back and goes
 *    on with the same numbers;
 * 2. the items the account holds, each write idempotent (./account-user-store.ts and the
 *    post-import endpoints' stores);
 * 3. the completion (ONE transaction): the process → COMPLETED/IMPORTED, the staged data removed,
 *    the account out of `CREATING`, every event of the creation and the supplier's counters.
 */

export interface AccountReservationInput {
  supplier: string;
  externalAccountNumber: string;
  account: Account;
  /** The account's body as stored (./account-body-store.ts: written before the transaction). */
  body: AccountBodyAttributes;
  reservation: CreationReservation;
  /** What the account holds, by kind (kept for the account summary). */
  createdKinds: Readonly<Record<string, number>>;
  /** Name of the operations team looking after the account, kept on the account and the process. */
  operationsTeamName?: string;
  /** The creation lock the caller holds on the process. */
  lockToken: string;
  /** The account's users, written by the reservation itself when they fit in it (see `usersFitReservation`). */
  users: readonly AccountUserToStore[];
}

/** Why a reservation was cancelled (a conflict alone is retried by the write helper first). */
export type ReservationFailure = 'account_number_taken' | 'lock_lost' | 'meter_point_taken' | 'rejected';

export interface ConditionalItems<F> {
  items: TransactItem[];
  failure: (reasons: readonly CancellationReason[]) => F;
}

/**
 * Whether the account's users fit in its reservation transaction (beside its fixed items, its
 * periods and one claim per meter point): the common case, one write less. Pure.
 */
export function usersFitReservation(users: number, meterPoints: number): boolean {
  // The fixed items, two periods at most, the claims and the meter points' list.
  return FIXED_ITEMS + 2 + meterPoints + 1 + users <= LIMITS.transactWriteItems;
}

/** Positions of the fixed items of the reservation transaction. */
const PROCESS_ITEM = 0;
const ACCOUNT_ITEM = 1;
/** Where the meter point claims start: after the process, the account, the kinds and the periods. */
const FIXED_ITEMS = 3;

export function accountReservationWrite(
  input: AccountReservationInput,
): ConditionalItems<ReservationFailure> {
  const { reservation } = input;
  const number = reservation.service_account_number;
  const periods = statementPeriodPuts(input);
  const claims = meterPointClaimItems(
    number,
    accountMeterPoints(input.account),
    reservation.account_created_at,
  );
  const items: TransactItem[] = [
    processReservationUpdate(input),
    accountPut(input),
    {
      Put: {
        TableName: TABLE_NAME,
        Item: { ...keys.accountCreatedKinds(number), entity: 'AccountCreatedKinds', ...input.createdKinds },
      },
    },
    ...periods,
    ...claims,
    ...input.users.map((user) => accountUserPut(number, user, reservation.account_created_at)),
  ];
  const claimsAt = FIXED_ITEMS + periods.length;
  const failedIn = (reasons: readonly CancellationReason[], from: number, to?: number) =>
    reasons.slice(from, to).some((reason) => reason.code === 'ConditionalCheckFailed');
  return {
    items,
    failure: (reasons) => {
      if (reasons[PROCESS_ITEM]?.code === 'ConditionalCheckFailed') return 'lock_lost';
      if (failedIn(reasons, claimsAt, claimsAt + claims.length)) return 'meter_point_taken';
      if (failedIn(reasons, ACCOUNT_ITEM, claimsAt)) return 'account_number_taken';
      return 'rejected';
    },
  };
}

/** The reservation on the process, only while the caller holds its lock and none is recorded. */
function processReservationUpdate(input: AccountReservationInput): TransactItem {
  const team = input.operationsTeamName;
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: keys.importProcess(input.supplier, input.externalAccountNumber),
      UpdateExpression: `SET creation_reservation = :reservation${team !== undefined ? ', operations_team_name = :team' : ''}`,
      ConditionExpression:
        'lock_token = :token AND #status = :in_progress AND attribute_not_exists(creation_reservation)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':reservation': input.reservation,
        ':token': input.lockToken,
        ':in_progress': 'IN_PROGRESS',
        ...(team !== undefined ? { ':team': team } : {}),
      },
    },
  };
}

/** The account item in state `CREATING`, written only if its number is new. */
function accountPut(input: AccountReservationInput): TransactItem {
  const { reservation } = input;
  const team = input.operationsTeamName;
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: {
        ...keys.account(reservation.service_account_number),
        entity: 'Account',
        account_number: reservation.service_account_number,
        ledger_number: reservation.ledger_number,
        import_supplier: input.supplier,
        external_account_number: input.externalAccountNumber,
        account_type: input.account.account_type,
        created_at: reservation.account_created_at,
        creation_state: 'CREATING',
        // The block of integer ids its users, consents, agreements… took (service-id-store.ts).
        first_service_id: reservation.first_service_id,
        service_id_count: reservation.service_id_count,
        next_ledger_entry_id: 1,
        ...input.body,
        ...(team !== undefined ? { operations_team_name: team } : {}),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The account's statement periods: the closed initial one (when it has one), then the open-ended one. */
function statementPeriodPuts(input: AccountReservationInput): TransactItem[] {
  const { reservation } = input;
  const number = reservation.service_account_number;
  const period = (startDate: string, extra: Record<string, unknown>): TransactItem => ({
    Put: {
      TableName: TABLE_NAME,
      Item: {
        ...keys.statementPeriod(number, startDate),
        entity: 'StatementPeriod',
        account_number: number,
        start_date: startDate,
        created_at: reservation.account_created_at,
        ...extra,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  const closed = reservation.closed_statement_period;
  return [
    ...(closed ? [period(closed.start_date, { is_open: false, end_date: closed.end_date })] : []),
    period(reservation.open_statement_period_start, { is_open: true }),
  ];
}

export interface AccountCompletionInput {
  supplier: string;
  externalAccountNumber: string;
  reservation: CreationReservation;
  lockToken: string;
  completedAt: Date;
  events: readonly EventDetail[];
  /** Further conditional writes of the same transaction (a v2 task → PROCESSED). */
  extraItems?: readonly TransactItem[];
  /** Further changes of the supplier's counters made by `extraItems` (its `scheduled` count). */
  counters?: SupplierCounterChange;
}

/** `participant_lost`: a condition of `extraItems` no longer held; `rejected`: anything but a condition. */
export type CompletionFailure = 'lock_lost' | 'participant_lost' | 'rejected';

/** Where `extraItems` start in the completion transaction. */
const COMPLETION_FIXED_ITEMS = 3;

/**
 * The completion: the process → COMPLETED/IMPORTED (only while the caller holds its lock; moved
 * from the PENDING to the IMPORTED list), the account out of `CREATING`, the staged data removed,
 * the events in the outbox, `extraItems` and the supplier's pending/imported counters moved by one.
 */
export function accountCompletionWrite(input: AccountCompletionInput): ConditionalItems<CompletionFailure> {
  const { reservation } = input;
  const extra = input.extraItems ?? [];
  const items: TransactItem[] = [
    processImportedUpdate(input),
    {
      Update: {
        TableName: TABLE_NAME,
        Key: keys.account(reservation.service_account_number),
        UpdateExpression: 'REMOVE creation_state',
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    {
      Delete: { TableName: TABLE_NAME, Key: keys.stagedAccount(input.supplier, input.externalAccountNumber) },
    },
    ...extra,
    ...outboxPuts(input.events, input.completedAt),
    // The supplier's counters: one account less pending, one more imported (and those of `extraItems`).
    supplierCounterUpdate(input.supplier, { pending: -1, imported: 1 }, input.counters) as TransactItem,
  ];
  return {
    items,
    failure: (reasons) => {
      const failed = (reason: CancellationReason | undefined) => reason?.code === 'ConditionalCheckFailed';
      if (failed(reasons[0])) return 'lock_lost';
      if (reasons.slice(COMPLETION_FIXED_ITEMS, COMPLETION_FIXED_ITEMS + extra.length).some(failed)) {
        return 'participant_lost';
      }
      return 'rejected';
    },
  };
}

function processImportedUpdate(input: AccountCompletionInput): TransactItem {
  const { supplier, externalAccountNumber: external, reservation } = input;
  const imported = indexKeys.processesInState(supplier, 'IMPORTED', external);
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: keys.importProcess(supplier, external),
      UpdateExpression: [
        'SET #status = :completed, lifecycle = :imported, service_account_number = :number,',
        'account_created_at = :created, ledger_number = :ledger, open_statement_period_start = :period,',
        'updated_at = :now, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk',
        'REMOVE lock_token, in_progress_since, lock_expires_at, creation_reservation',
      ].join(' '),
      ConditionExpression: 'lock_token = :token AND #status = :in_progress',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':completed': 'COMPLETED',
        ':imported': 'IMPORTED',
        ':in_progress': 'IN_PROGRESS',
        ':number': reservation.service_account_number,
        ':created': reservation.account_created_at,
        ':ledger': reservation.ledger_number,
        ':period': reservation.open_statement_period_start,
        ':now': input.completedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        ':gsi2pk': imported.gsi2pk,
        ':gsi2sk': imported.gsi2sk,
        ':token': input.lockToken,
      },
    },
  };
}

import type { EventDetail } from '../events/outbox.js';
import { outboxPut } from '../events/outbox.js';
import type { Account } from '../rules/account/account.js';
import type { AccountNumbers } from '../rules/account/account-number.js';
import { accountMeterPoints } from '../rules/meter-points/meter-point-status.js';
import type { AccountBodyAttributes } from './account-body-store.js';
import { TABLE_NAME } from './dynamodb.js';
import { indexKeys, keys } from './keys.js';
import { meterPointClaimItems } from './meter-point-store.js';
import { type SupplierCounterChange, supplierCounterUpdate } from './supplier-counter-store.js';
import type { CancellationReason, TransactItem } from './transact-write.js';

/**
 * Platform accounts created from import processes (partition `ACCOUNT#<service number>`):
 * the `ACCOUNT` item (account data, ledger number, `next_ledger_entry_id` counter) and its
 * `PERIOD#<start>` statement periods.
 */

export interface AccountCreation {
  supplier: string;
  externalAccountNumber: string;
  account: Account;
  /** The account's body as stored (./account-body-store.ts: written before the transaction). */
  body: AccountBodyAttributes;
  numbers: AccountNumbers;
  openStatementPeriodStart: string;
  /** Name of the operations team looking after the account, kept on the account and the process. */
  operationsTeamName?: string;
  /** The creation lock the caller holds on the process. */
  lockToken: string;
  createdAt: Date;
  events: readonly EventDetail[];
  /** Further conditional writes of the same transaction (a v2 task → PROCESSED). */
  extraItems?: readonly TransactItem[];
  /** Further changes of the supplier's counters made by `extraItems` (its `scheduled` count). */
  counters?: SupplierCounterChange;
}

/**
 * Why a creation transaction was cancelled. `participant_lost`: a condition of `extraItems`
 * no longer held; `rejected`: anything but a condition (a conflict alone is retried by the
 * write helper before it comes to this).
 */
export type AccountCreationFailure =
  | 'account_number_taken'
  | 'lock_lost'
  | 'meter_point_taken'
  | 'participant_lost'
  | 'rejected';

export interface AccountCreationWrite {
  items: TransactItem[];
  failure: (reasons: readonly CancellationReason[]) => AccountCreationFailure;
}

/** Positions of the items in the creation transaction. */
const ACCOUNT_ITEM = 0;
const PROCESS_ITEM = 2;
/** Where the meter point claims start in the creation transaction (after the five fixed items). */
const METER_POINT_ITEMS = 5;

/**
 * The ONE transaction that creates the account, and how to read its cancellation: the account item (new number only), its first
 * open-ended statement period, the process → COMPLETED/IMPORTED (only while we hold its
 * lock; moved from the PENDING to the IMPORTED list), the staged data removed, the events in
 * the outbox, the claim of each meter point (none may belong to another account yet), and the
 * supplier's pending/imported counters moved by one.
 */
export function accountCreationWrite(creation: AccountCreation): AccountCreationWrite {
  const { supplier, externalAccountNumber: external, numbers } = creation;
  const createdAtIso = creation.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const claims = meterPointClaimItems(
    numbers.serviceAccountNumber,
    accountMeterPoints(creation.account),
    createdAtIso,
  );
  const items: TransactItem[] = [
    accountPut(creation, createdAtIso),
    openStatementPeriodPut(creation, createdAtIso),
    processImportedUpdate(creation, createdAtIso),
    { Delete: { TableName: TABLE_NAME, Key: keys.stagedAccount(supplier, external) } },
    outboxPut(TABLE_NAME, creation.events, creation.createdAt),
    ...claims,
    ...(creation.extraItems ?? []),
    // The supplier's counters: one account less pending, one more imported (and those of `extraItems`).
    supplierCounterUpdate(supplier, { pending: -1, imported: 1 }, creation.counters) as TransactItem,
  ];
  return { items, failure: (reasons) => creationFailure(reasons, claims.length) };
}

/** The account item, written only if its number is new. */
function accountPut(creation: AccountCreation, createdAtIso: string): TransactItem {
  const { numbers } = creation;
  const team = creation.operationsTeamName;
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: {
        ...keys.account(numbers.serviceAccountNumber),
        entity: 'Account',
        account_number: numbers.serviceAccountNumber,
        ledger_number: numbers.ledgerNumber,
        import_supplier: creation.supplier,
        external_account_number: creation.externalAccountNumber,
        account_type: creation.account.account_type,
        created_at: createdAtIso,
        next_ledger_entry_id: 1,
        ...creation.body,
        ...(team !== undefined ? { operations_team_name: team } : {}),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The account's first statement period, open-ended. */
function openStatementPeriodPut(creation: AccountCreation, createdAtIso: string): TransactItem {
  const number = creation.numbers.serviceAccountNumber;
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: {
        ...keys.statementPeriod(number, creation.openStatementPeriodStart),
        entity: 'StatementPeriod',
        account_number: number,
        start_date: creation.openStatementPeriodStart,
        is_open: true,
        created_at: createdAtIso,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The process → COMPLETED/IMPORTED, only while the caller holds its lock; moved to the IMPORTED list. */
function processImportedUpdate(creation: AccountCreation, createdAtIso: string): TransactItem {
  const { supplier, externalAccountNumber: external, numbers } = creation;
  const imported = indexKeys.processesInState(supplier, 'IMPORTED', external);
  const team = creation.operationsTeamName;
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: keys.importProcess(supplier, external),
      UpdateExpression: [
        'SET #status = :completed, lifecycle = :imported, service_account_number = :number,',
        'account_created_at = :created, ledger_number = :ledger, open_statement_period_start = :period,',
        'updated_at = :created, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk',
        ...(team !== undefined ? [', operations_team_name = :team'] : []),
        'REMOVE lock_token, in_progress_since, lock_expires_at',
      ].join(' '),
      ConditionExpression: 'lock_token = :token AND #status = :in_progress',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':completed': 'COMPLETED',
        ':imported': 'IMPORTED',
        ':in_progress': 'IN_PROGRESS',
        ':number': numbers.serviceAccountNumber,
        ':created': createdAtIso,
        ':ledger': numbers.ledgerNumber,
        ':period': creation.openStatementPeriodStart,
        ':gsi2pk': imported.gsi2pk,
        ':gsi2sk': imported.gsi2sk,
        ':token': creation.lockToken,
        ...(team !== undefined ? { ':team': team } : {}),
      },
    },
  };
}

/** Which item's condition cancelled the creation transaction (with `claims` meter point claims). */
function creationFailure(reasons: readonly CancellationReason[], claims: number): AccountCreationFailure {
  const failedIn = (from: number, to?: number) =>
    reasons.slice(from, to).some((reason) => reason.code === 'ConditionalCheckFailed');
  if (failedIn(METER_POINT_ITEMS, METER_POINT_ITEMS + claims)) return 'meter_point_taken';
  if (failedIn(METER_POINT_ITEMS + claims)) return 'participant_lost';
  if (reasons[PROCESS_ITEM]?.code === 'ConditionalCheckFailed') return 'lock_lost';
  if (
    reasons[ACCOUNT_ITEM]?.code === 'ConditionalCheckFailed' ||
    reasons[1]?.code === 'ConditionalCheckFailed'
  ) {
    return 'account_number_taken';
  }
  return 'rejected';
}

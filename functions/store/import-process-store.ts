import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { type EventDetail, outboxPut } from '../events/outbox.js';
import type { Account } from '../rules/account/account.js';
import type { CreationReservation } from '../rules/account/creation-reservation.js';
import { claimNow } from '../rules/claims/claim.js';
import type { ImportProcess } from '../rules/import-process.js';
import { type AccountBodyAttributes, bodyAttributesOf, readAccountBody } from './account-body-store.js';
import { readAccountPartition } from './account-partition.js';
import { isConditionFailure } from './condition-failure.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { indexKeys, keys } from './keys.js';
import { type SupplierCounterChange, supplierCounterUpdate } from './supplier-counter-store.js';
import { type CancellationReason, type TransactItem, transactWrite } from './transact-write.js';

/**
 * Account import processes. Two items per process, in the partition
 * `IMPORT#<supplier>#<external>`:
 *   - `PROCESS`: status, lifecycle, the list index keys (gsi1: every live process; gsi2:
 *     PENDING or IMPORTED), and once created the account number and period start;
 *   - `STAGED`: the staged, normalised account (its body: ./account-body-store.ts), until the account is created.
 */

/**
 * The creation lock's claim has expired (`:now` in whole seconds): its holder is dead. A lock
 * without an expiry was taken before locks carried one, by a function long gone.
 */
export const LOCK_EXPIRED = '(attribute_not_exists(lock_expires_at) OR lock_expires_at <= :now)';

/** The process item as stored (the record plus the lock and bookkeeping fields). */
export interface StoredImportProcess extends ImportProcess {
  first_staged_at?: string;
  /** Set while IN_PROGRESS: who holds the creation lock, since when and until when (a claim). */
  lock_token?: string;
  in_progress_since?: string;
  lock_expires_at?: string;
  cancelled_at?: string;
  /** Set once a creation has made its first write: what a re-drive goes on with (see account-store.ts). */
  creation_reservation?: CreationReservation;
}

const PROCESS_FIELDS = [
  'import_supplier',
  'external_account_number',
  'status',
  'lifecycle',
  'staged_at',
  'first_staged_at',
  'updated_at',
  'service_account_number',
  'account_created_at',
  'ledger_number',
  'open_statement_period_start',
  'ledger_entry_id_hint',
  'lock_token',
  'in_progress_since',
  'lock_expires_at',
  'cancelled_at',
  'creation_reservation',
] as const;

export function toImportProcess(item: Record<string, unknown> | undefined): StoredImportProcess | undefined {
  if (item?.sk !== 'PROCESS') return undefined;
  const process: Record<string, unknown> = {};
  for (const field of PROCESS_FIELDS) if (item[field] !== undefined) process[field] = item[field];
  return process as unknown as StoredImportProcess;
}

/** Reads one import process (strongly consistent: a process just created must be visible). */
export async function getImportProcess(
  supplier: string,
  externalAccountNumber: string,
): Promise<StoredImportProcess | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.importProcess(supplier, externalAccountNumber),
      ConsistentRead: true,
    }),
  );
  return toImportProcess(Item);
}

/** The process and its staged account in one strongly consistent Query (one request). */
export async function getImportProcessWithStagedAccount(
  supplier: string,
  externalAccountNumber: string,
): Promise<{ process?: StoredImportProcess; staged?: Account }> {
  const Items = await readAccountPartition(supplier, externalAccountNumber);
  const process = toImportProcess(Items.find((item) => item.sk === 'PROCESS'));
  const stagedItem = Items.find((item) => item.sk === keys.stagedAccount(supplier, externalAccountNumber).sk);
  return {
    ...(process ? { process } : {}),
    ...(stagedItem ? { staged: await readAccountBody(stagedItem) } : {}),
  };
}

/**
 * The staged account of a process and its body as stored (strongly consistent): creation keeps
 * the same body, so its parts (when it has any) are not written again.
 */
export async function getStagedAccount(
  supplier: string,
  externalAccountNumber: string,
): Promise<{ account: Account; body: AccountBodyAttributes } | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.stagedAccount(supplier, externalAccountNumber),
      ConsistentRead: true,
    }),
  );
  const body = bodyAttributesOf(Item);
  const account = await readAccountBody(Item);
  return body && account ? { account, body } : undefined;
}

export type WriteResult<T = undefined> =
  | { ok: true; value: T }
  | { ok: false; existing?: StoredImportProcess; reasons: CancellationReason[] };

export interface StagingWrite {
  supplier: string;
  externalAccountNumber: string;
  account: Account;
  /** The account's body as stored (./account-body-store.ts: written before the transaction). */
  body: AccountBodyAttributes;
  now: Date;
  /** `create`: no live process may exist; `replace`: the process must still be UNKNOWN/STAGED. */
  target: 'create' | 'replace';
  /** The process being replaced (keeps its first staging time). */
  existing?: StoredImportProcess;
  /** Further writes of the same transaction (a v2 task scheduled with the staging). */
  extraItems?: TransactItem[];
  /** Further changes of the supplier's counters made by `extraItems` (its `scheduled` count). */
  counters?: SupplierCounterChange;
}

/**
 * Stages an account: the process item (UNKNOWN/STAGED, in the all and PENDING lists) and
 * the staged data, in one transaction guarded by the target's condition.
 */
export async function writeStaging(write: StagingWrite): Promise<WriteResult> {
  const result = await transactWrite(stagingItems(write));
  if (result.ok) return { ok: true, value: undefined };
  const existing = stagingRefusedBy(result.reasons);
  return { ok: false, reasons: result.reasons, ...(existing ? { existing } : {}) };
}

/** The process as stored when a staging's condition failed (undefined when there is none). */
export function stagingRefusedBy(reasons: readonly CancellationReason[]): StoredImportProcess | undefined {
  return toImportProcess(reasons[0]?.item);
}

/** The items of a staging, for one transaction (see `writeStaging`). */
export function stagingItems(write: StagingWrite): TransactItem[] {
  const { supplier, externalAccountNumber: external, now } = write;
  const at = now.toISOString();
  const processItem = {
    ...keys.importProcess(supplier, external),
    ...indexKeys.allProcesses(supplier, external),
    ...indexKeys.processesInState(supplier, 'PENDING', external),
    entity: 'ImportProcess',
    import_supplier: supplier,
    external_account_number: external,
    status: 'UNKNOWN',
    lifecycle: 'STAGED',
    staged_at: at,
    first_staged_at: write.target === 'replace' ? (write.existing?.first_staged_at ?? at) : at,
    updated_at: at,
  };
  const condition =
    write.target === 'create'
      ? {
          ConditionExpression: 'attribute_not_exists(pk) OR lifecycle = :cancelled',
          ExpressionAttributeValues: { ':cancelled': 'CANCELLED' },
        }
      : {
          // Still staged and not created: unlocked, or locked by a creation that died (its claim expired).
          // A creation that has begun (its reservation written) is finished by its re-drive, never restaged.
          ConditionExpression: `lifecycle = :staged AND attribute_not_exists(creation_reservation) AND (#status = :unknown OR (#status = :in_progress AND ${LOCK_EXPIRED}))`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':staged': 'STAGED',
            ':unknown': 'UNKNOWN',
            ':in_progress': 'IN_PROGRESS',
            ':now': claimNow(now),
          },
        };
  const counters = supplierCounterUpdate(
    supplier,
    write.target === 'create' ? { pending: 1 } : undefined,
    write.counters,
  );
  return [
    {
      Put: {
        TableName: TABLE_NAME,
        Item: processItem,
        ...condition,
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    },
    {
      Put: {
        TableName: TABLE_NAME,
        Item: {
          ...keys.stagedAccount(supplier, external),
          entity: 'StagedAccount',
          ...write.body,
          staged_at: at,
        },
      },
    },
    ...(write.extraItems ?? []),
    // A first staging adds a pending account to the supplier's counters (with the changes of `extraItems`).
    ...(counters ? [counters] : []),
  ];
}

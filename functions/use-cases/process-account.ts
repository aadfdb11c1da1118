import { randomUUID } from 'node:crypto';
import { ConflictError, type FieldError, ValidationError } from '../errors.js';
import { claimExpiry } from '../invocation-clock.js';
import { logger } from '../logger.js';
import { ACCOUNT_IMPORTED_LOG_MESSAGE } from '../monitored-log-messages.js';
import type { Account } from '../rules/account/account.js';
import {
  accountCreationEvents,
  createdKindCounts,
  creationIdCount,
  userIds,
  userNumber,
} from '../rules/account/creation-events/index.js';
import { type CreationReservation, creationReservation } from '../rules/account/creation-reservation.js';
import * as importProcessEvents from '../rules/account/import-process-events.js';
import { cannotProcess, requireProcessable } from '../rules/account/import-process-rules.js';
import { importProcessDoesNotExist } from '../rules/account/transfer-status.js';
import {
  ACCOUNT_FAILED_VALIDATION,
  ACCOUNT_FAILED_VALIDATION_DETAIL,
  checkAccount,
} from '../rules/account/validate-account.js';
import type { ImportedAccount } from '../rules/import-process.js';
import { accountMeterPoints, meterPointAlreadyAssigned } from '../rules/meter-points/meter-point-status.js';
import { isoDateTime } from '../rules/values/dates.js';
import { usersFitReservation } from '../store/account-store.js';
import { type AccountUserToStore, storeAccountUsers } from '../store/account-user-store.js';
import { lockImportProcess, releaseImportProcess } from '../store/import-process-lock-store.js';
import { getImportProcess, getStagedAccount } from '../store/import-process-store.js';
import { claimedMeterPoints } from '../store/meter-point-store.js';
import { writeEventsAlone } from '../store/outbox-write.js';
import type { SupplierCounterChange } from '../store/supplier-counter-store.js';
import type { TransactItem } from '../store/transact-write.js';
import { checkAccountForSupplier } from './account-checks.js';
import { CreationAbandoned, completeAccount } from './account-creation/complete-account.js';
import { requireSupplier } from './account-creation/creation-supplier.js';
import {
  type EmbeddedItems,
  prepareEmbeddedItems,
  writeEmbeddedItems,
} from './account-creation/embedded-items.js';
import { CreationRejected, draftReservation, writeReservation } from './account-creation/reserve-account.js';

export interface ProcessRequest {
  supplier: string;
  externalAccountNumber: string;
  now: Date;
  /**
   * Conditional writes that must succeed in the very transaction that completes the account
   * (a v2 task → PROCESSED): when one of their conditions fails, `CreationAbandoned` is thrown
   * and the creation is left to whoever holds it next.
   */
  alsoWrite?: (serviceAccountNumber: string) => TransactItem[];
  /** The changes of the supplier's counters that `alsoWrite` makes (a v2 task ending: `scheduled`). */
  alsoCount?: SupplierCounterChange;
  /** Kept on the account and on the import process when given. */
  operationsTeamName?: string;
}

export { CreationAbandoned };

export interface CreatedAccount {
  import_supplier: string;
  external_account_number: string;
  service_account_number: string;
}

/**
 * Creates the platform account of a staged import process, and everything it holds: lock
 * (UNKNOWN → IN_PROGRESS, a claim), re-check the staged data and every check that needs the
 * service's data, then write in three steps (./account-creation/): the reservation, the items
 * the account holds (idempotent writes), the completion with every event. A 4xx before the
 * reservation changes nothing (the lock is given back). A failure after it leaves the process
 * IN_PROGRESS with its claim expired: the next call (the client's retry, the queue's
 * redelivery) takes it over and finishes the same account, each item once.
 */
export async function processAccount(request: ProcessRequest): Promise<CreatedAccount> {
  const { supplier, externalAccountNumber: external, now } = request;
  const token = randomUUID();
  // The lock is a claim: it expires at this invocation's end plus a margin, so a creation that
  // dies holding it blocks the account no longer than that.
  const lock = await lockImportProcess(supplier, external, { token, now, expiresAt: claimExpiry(now) });
  if (!lock.ok) throw cannotProcess(lock.existing, now);
  let begun = lock.value.creation_reservation !== undefined;
  const release = async (error: unknown) =>
    releaseImportProcess(supplier, external, {
      token,
      now,
      // Stays IN_PROGRESS only when the reservation is written (a reservation whose answer was lost is read back).
      begun: begun && (await reservationWritten(supplier, external)),
      events:
        error instanceof CreationRejected
          ? [importProcessEvents.error(external, 'account_creation_failed', error.message)]
          : [],
    });

  try {
    const reservation = await createFromStaged(request, token, lock.value.creation_reservation, () => {
      begun = true;
    });
    logger.info(ACCOUNT_IMPORTED_LOG_MESSAGE, { importSupplier: supplier });
    return {
      import_supplier: supplier,
      external_account_number: external,
      service_account_number: reservation.service_account_number,
    };
  } catch (error) {
    if (!isLockSettled(error)) {
      // A 4xx before the first write gives the lock back unchanged; anything after it, or a
      // retryable failure, gives the claim back so a retry can proceed at once. When that fails
      // too, the lock's claim expires and the next call takes it over.
      await release(error).catch((releaseError) =>
        logger.warn('Could not release the creation lock', { error: releaseError as Error }),
      );
    }
    throw error;
  }
}

/**
 * The creation under the lock: the staged account re-checked, the checks that need the service's
 * data, the reservation (unless `resumed` from an earlier run), the items, the completion.
 * `reserved` is called once the reservation is written.
 */
async function createFromStaged(
  request: ProcessRequest,
  token: string,
  resumed: CreationReservation | undefined,
  /** Called just before the reservation is written. */
  reserved: () => void,
): Promise<CreationReservation> {
  const { supplier, externalAccountNumber: external, now } = request;
  const staged = await getStagedAccount(supplier, external);
  if (!staged) throw importProcessDoesNotExist();
  const importSupplier = await requireSupplier(supplier);
  // The staged account is stored normalised: the account checked is the one its body holds,
  // against the reference data and the supplier's settings as they are now.
  const { errors, account } = await checkAccountForSupplier(staged.account, importSupplier, now);
  if (errors.length > 0) {
    throw new ValidationError(errors, ACCOUNT_FAILED_VALIDATION, ACCOUNT_FAILED_VALIDATION_DETAIL);
  }
  const reservationRequest = {
    supplier,
    externalAccountNumber: external,
    account,
    body: staged.body,
    lockToken: token,
    now,
    serviceIdCount: creationIdCount(account),
    createdKinds: { ...createdKindCounts(account) },
    ...(request.operationsTeamName !== undefined ? { operationsTeamName: request.operationsTeamName } : {}),
  };
  const draft = resumed ?? (await draftReservation(reservationRequest));
  const users = accountUsers(account, draft);
  const usersInReservation = usersFitReservation(users.length, accountMeterPoints(account).length);
  const items = await prepareEmbeddedItems(importSupplier, account, draft);
  // From here a failure may follow a reservation that was written (an answer lost after the commit).
  reserved();
  const reservation = resumed
    ? resumed
    : await writeReservation({ ...reservationRequest, users: usersInReservation ? users : [] }, draft);
  if (!usersInReservation) {
    await storeAccountUsers(reservation.service_account_number, users, reservation.account_created_at);
  }
  await createAccountItems(account, items, reservation, request, token);
  return reservation;
}

/** The users creation makes, one per `customers` item, with the ids of the reservation's block. */
function accountUsers(account: Account, reservation: CreationReservation): AccountUserToStore[] {
  const ids = userIds(account, reservation.first_service_id);
  return (account.customers ?? []).map((customer, index) => ({
    user_id: ids[index] as number,
    user_number: userNumber(ids[index] as number),
    customer_index: index,
    ...(customer.email ? { email: customer.email } : {}),
  }));
}

/** Whether the process holds a creation's reservation (its first write happened). */
async function reservationWritten(supplier: string, external: string): Promise<boolean> {
  return (await getImportProcess(supplier, external))?.creation_reservation !== undefined;
}

/** Errors after which the lock is no longer ours to give back (another holder, or already imported). */
function isLockSettled(error: unknown): boolean {
  return error instanceof ConflictError && error.code !== meterPointAlreadyAssigned().code;
}

/** The account's embedded items, then the completion with its events. */
async function createAccountItems(
  account: Account,
  items: EmbeddedItems,
  reservation: CreationReservation,
  request: ProcessRequest,
  lockToken: string,
): Promise<void> {
  const imported: ImportedAccount = {
    import_supplier: request.supplier,
    external_account_number: request.externalAccountNumber,
    service_account_number: reservation.service_account_number,
    ledger_number: reservation.ledger_number,
    open_statement_period_start: reservation.open_statement_period_start,
    account_created_at: reservation.account_created_at,
  };
  await writeEmbeddedItems(imported, items);
  await completeAccount({
    supplier: request.supplier,
    externalAccountNumber: request.externalAccountNumber,
    reservation,
    lockToken,
    now: request.now,
    events: accountCreationEvents(account, {
      serviceAccountNumber: reservation.service_account_number,
      importSupplier: request.supplier,
      externalAccountNumber: request.externalAccountNumber,
      firstId: reservation.first_service_id,
      createdAt: new Date(reservation.account_created_at),
    }),
    ...(request.alsoWrite ? { alsoWrite: request.alsoWrite } : {}),
    ...(request.alsoCount ? { alsoCount: request.alsoCount } : {}),
  });
}

export { creationCheckErrors, type DryRunResult, dryRunAccount } from './account-creation/dry-run-account.js';

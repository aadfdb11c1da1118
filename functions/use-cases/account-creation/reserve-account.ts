import { RetryableError } from '../../errors.js';
import type { Account } from '../../rules/account/account.js';
import { newAccountNumbers } from '../../rules/account/account-number.js';
import { type CreationReservation, creationReservation } from '../../rules/account/creation-reservation.js';
import { cannotProcess } from '../../rules/account/import-process-rules.js';
import { meterPointAlreadyAssigned } from '../../rules/meter-points/meter-point-status.js';
import type { AccountBodyAttributes } from '../../store/account-body-store.js';
import {
  accountReservationWrite,
  type ConditionalItems,
  type ReservationFailure,
} from '../../store/account-store.js';
import type { AccountUserToStore } from '../../store/account-user-store.js';
import { getImportProcess } from '../../store/import-process-store.js';
import { allocateServiceIds } from '../../store/service-id-store.js';
import type { CancellationReason } from '../../store/transact-write.js';
import { transactWriteWithRetry } from '../../store/transact-write-retry.js';

/**
 * DynamoDB refused the creation's first write for a reason retrying cannot fix: nothing was
 * written; the process goes back to UNKNOWN with a `data_import.import_process.error` event.
 */
export class CreationRejected extends Error {
  override readonly name = 'CreationRejected';
}

export interface ReservationRequest {
  supplier: string;
  externalAccountNumber: string;
  account: Account;
  body: AccountBodyAttributes;
  lockToken: string;
  now: Date;
  /** How many service-allocated integer ids the account's items take. */
  serviceIdCount: number;
  createdKinds: Readonly<Record<string, number>>;
  operationsTeamName?: string;
  /** The users the reservation writes itself (none when they do not fit it). */
  users?: readonly AccountUserToStore[];
}

/** The reservation's block of service ids: allocated once per creation (a block a crash leaves unused is a gap). */
async function serviceIds(count: number): Promise<{ first: number; count: number }> {
  // An account that needs none takes none (its block starts at 1 and holds nothing).
  return { first: count > 0 ? await allocateServiceIds(count) : 1, count };
}

/** A reservation before it is written: what the checks of the creation's items need to know. */
export async function draftReservation(request: ReservationRequest): Promise<CreationReservation> {
  return creationReservation(
    request.account,
    newAccountNumbers(),
    request.now,
    await serviceIds(request.serviceIdCount),
  );
}

/**
 * Writes the reservation (./account-store.ts: the creation's first write). A number another
 * account has is drawn again; a meter point another account has is a 409 `meter_point_already_assigned`
 * (the caller gives the lock back: nothing was written); a lost lock answers as for any caller.
 */
export async function writeReservation(
  request: ReservationRequest,
  draft: CreationReservation,
): Promise<CreationReservation> {
  let reservation = draft;
  let write: ConditionalItems<ReservationFailure> | undefined;
  await transactWriteWithRetry(
    {
      items: () => {
        write = accountReservationWrite({
          supplier: request.supplier,
          externalAccountNumber: request.externalAccountNumber,
          account: request.account,
          body: request.body,
          reservation,
          createdKinds: request.createdKinds,
          lockToken: request.lockToken,
          users: request.users ?? [],
          ...(request.operationsTeamName !== undefined
            ? { operationsTeamName: request.operationsTeamName }
            : {}),
        });
        return write.items;
      },
      resolve: async (reasons) => {
        const failure = (write as ConditionalItems<ReservationFailure>).failure(reasons);
        if (failure !== 'account_number_taken') throw await reservationRefused(failure, reasons, request);
        const numbers = newAccountNumbers();
        reservation = {
          ...reservation,
          service_account_number: numbers.serviceAccountNumber,
          ledger_number: numbers.ledgerNumber,
        };
        return 'retry-now' as const;
      },
    },
    {
      exhausted: () =>
        new RetryableError(
          'account_creation_conflict',
          'The account could not be created now; retry the request as it is.',
          503,
        ),
    },
  );
  return reservation;
}

/** Why a reservation cannot be written, as the error to throw. */
async function reservationRefused(
  failure: Exclude<ReservationFailure, 'account_number_taken'>,
  reasons: readonly CancellationReason[],
  request: ReservationRequest,
): Promise<Error> {
  switch (failure) {
    case 'lock_lost':
      // Our claim expired and another invocation took the lock over: answer as for any
      // caller that finds it taken (409 in progress until its claim expires, or imported).
      return cannotProcess(
        await getImportProcess(request.supplier, request.externalAccountNumber),
        request.now,
      );
    case 'meter_point_taken':
      return meterPointAlreadyAssigned();
    case 'rejected':
      return new CreationRejected(
        `The account could not be written (${reasons.map((r) => r.code).join(', ')}).`,
      );
  }
}

import { RetryableError } from '../../errors.js';
import type { EventDetail } from '../../events/outbox.js';
import type { CreationReservation } from '../../rules/account/creation-reservation.js';
import { cannotProcess } from '../../rules/account/import-process-rules.js';
import {
  accountCompletionWrite,
  type CompletionFailure,
  type ConditionalItems,
} from '../../store/account-store.js';
import { getImportProcess } from '../../store/import-process-store.js';
import type { SupplierCounterChange } from '../../store/supplier-counter-store.js';
import type { TransactItem } from '../../store/transact-write.js';
import { transactWriteWithRetry } from '../../store/transact-write-retry.js';

/** The account was not created because a write of `alsoWrite` no longer held. */
export class CreationAbandoned extends Error {
  override readonly name = 'CreationAbandoned';
}

export interface CompletionRequest {
  supplier: string;
  externalAccountNumber: string;
  reservation: CreationReservation;
  lockToken: string;
  now: Date;
  /** Every event of the creation (`data_import.import_process.complete` last). */
  events: readonly EventDetail[];
  alsoWrite?: (serviceAccountNumber: string) => TransactItem[];
  alsoCount?: SupplierCounterChange;
}

/**
 * The creation's last write (./account-store.ts): COMPLETED, with every event of the creation.
 * A lost lock answers as for any caller; a lost `alsoWrite` participant abandons this run (the
 * creation stays IN_PROGRESS for whoever holds it next); anything else is a 5xx to retry.
 */
export async function completeAccount(request: CompletionRequest): Promise<void> {
  const { reservation, supplier, externalAccountNumber: external } = request;
  let write: ConditionalItems<CompletionFailure> | undefined;
  await transactWriteWithRetry(
    {
      items: () => {
        write = accountCompletionWrite({
          supplier,
          externalAccountNumber: external,
          reservation,
          lockToken: request.lockToken,
          completedAt: request.now,
          events: request.events,
          ...(request.alsoWrite ? { extraItems: request.alsoWrite(reservation.service_account_number) } : {}),
          ...(request.alsoCount ? { counters: request.alsoCount } : {}),
        });
        return write.items;
      },
      resolve: async (reasons) => {
        switch ((write as ConditionalItems<CompletionFailure>).failure(reasons)) {
          case 'lock_lost':
            throw cannotProcess(await getImportProcess(supplier, external), request.now);
          case 'participant_lost':
            throw new CreationAbandoned(
              'A write of the completion no longer held; the creation is left to its re-drive.',
            );
          case 'rejected':
            throw new Error(`The account could not be completed (${reasons.map((r) => r.code).join(', ')}).`);
        }
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
}

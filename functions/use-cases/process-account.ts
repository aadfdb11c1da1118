import { randomUUID } from 'node:crypto';
import { type FieldError, RetryableError, ValidationError } from '../errors.js';
import { claimExpiry } from '../invocation-clock.js';
import { logger } from '../logger.js';
import { ACCOUNT_IMPORTED_LOG_MESSAGE } from '../monitored-log-messages.js';
import { type Account, accountUserEmails } from '../rules/account/account.js';
import { newAccountNumbers } from '../rules/account/account-number.js';
import * as importProcessEvents from '../rules/account/import-process-events.js';
import { cannotProcess, requireProcessable } from '../rules/account/import-process-rules.js';
import { firstStatementPeriodStart } from '../rules/account/statement-period.js';
import { importProcessDoesNotExist } from '../rules/account/transfer-status.js';
import {
  ACCOUNT_FAILED_VALIDATION,
  ACCOUNT_FAILED_VALIDATION_DETAIL,
  checkAccount,
} from '../rules/account/validate-account.js';
import { accountMeterPoints, meterPointAlreadyAssigned } from '../rules/meter-points/meter-point-status.js';
import { isoDateTime } from '../rules/values/dates.js';
import type { AccountBodyAttributes } from '../store/account-body-store.js';
import { type AccountCreationWrite, accountCreationWrite } from '../store/account-store.js';
import {
  getImportProcess,
  getImportProcessWithStagedAccount,
  getStagedAccount,
  lockImportProcess,
  releaseImportProcess,
} from '../store/import-process-store.js';
import { claimedMeterPoints } from '../store/meter-point-store.js';
import { writeEventsAlone } from '../store/outbox-write.js';
import type { SupplierCounterChange } from '../store/supplier-counter-store.js';
import type { TransactItem } from '../store/transact-write.js';
import { transactWriteWithRetry } from '../store/transact-write-retry.js';

export interface ProcessRequest {
  supplier: string;
  externalAccountNumber: string;
  now: Date;
  /**
   * Conditional writes that must succeed in the very transaction that creates the account
   * (a v2 task → PROCESSED): when one of their conditions fails, nothing is created and
   * `CreationAbandoned` is thrown.
   */
  alsoWrite?: (serviceAccountNumber: string) => TransactItem[];
  /** The changes of the supplier's counters that `alsoWrite` makes (a v2 task ending: `scheduled`). */
  alsoCount?: SupplierCounterChange;
  /** Kept on the account and on the import process when given. */
  operationsTeamName?: string;
}

/** The account was not created because a write of `alsoWrite` no longer held; the lock was given back. */
export class CreationAbandoned extends Error {
  override readonly name = 'CreationAbandoned';
}

export interface CreatedAccount {
  import_supplier: string;
  external_account_number: string;
  service_account_number: string;
}

export interface DryRunResult {
  dry_run: true;
  detail: string;
  errors?: FieldError[];
}

function summary(errors: readonly FieldError[]): string {
  return errors.map((error) => `${error.attr || '(account)'}: ${error.code}`).join('; ');
}

/**
 * Creates the platform account of a staged import process: lock
 * (UNKNOWN → IN_PROGRESS), re-check the staged data, then one transaction creating the
 * account, its first statement period, COMPLETED, and the events. Staged data that no
 * longer passes the rules is a 400 that changes nothing (the lock is given back). A write
 * that DynamoDB rejects for a reason retrying cannot fix returns the process to UNKNOWN with
 * an `error` event; a retryable failure just gives the lock back.
 */
export async function processAccount(request: ProcessRequest): Promise<CreatedAccount> {
  const { supplier, externalAccountNumber: external, now } = request;
  const token = randomUUID();
  // The lock is a claim: it expires at this invocation's end plus a margin, so a creation that
  // dies holding it blocks the account no longer than that.
  const expiresAt = claimExpiry(now);
  const lock = await lockImportProcess(supplier, external, { token, now, expiresAt });
  if (!lock.ok) throw cannotProcess(lock.existing, now);

  // A 4xx writes nothing and emits nothing: give the lock back unchanged.
  const refuse = async () => {
    await releaseImportProcess(supplier, external, { token, now, events: [] });
  };

  try {
    const staged = await getStagedAccount(supplier, external);
    if (!staged) {
      await refuse();
      throw importProcessDoesNotExist();
    }
    // The staged account is stored normalised: the account checked is the one its body holds.
    const { errors, account } = checkAccount(staged.account, now);
    if (errors.length > 0) {
      await refuse();
      throw new ValidationError(errors, ACCOUNT_FAILED_VALIDATION, ACCOUNT_FAILED_VALIDATION_DETAIL);
    }
    return await create(request, token, account, staged.body);
  } catch (error) {
    if (!(error instanceof ValidationError) && !isDomainOutcome(error)) {
      // Retryable or unexpected: give the lock back so a retry can proceed at once. When that
      // fails too, the lock's claim expires and the next call takes it over.
      await releaseImportProcess(supplier, external, { token, now, events: [] }).catch((releaseError) =>
        logger.warn('Could not release the creation lock', { error: releaseError as Error }),
      );
    }
    throw error;
  }
}

/** Errors that already settled the process (released or never ours). */
function isDomainOutcome(error: unknown): boolean {
  return (
    error instanceof Error && 'statusCode' in error && (error as { statusCode: number }).statusCode < 500
  );
}

/** `body`: the staged account's body as stored; the created account refers to the same one. */
async function create(
  request: ProcessRequest,
  token: string,
  account: Account,
  body: AccountBodyAttributes,
): Promise<CreatedAccount> {
  const { supplier, externalAccountNumber: external, now } = request;
  const openStatementPeriodStart = firstStatementPeriodStart(account.last_billed_to_date, now);
  let numbers = newAccountNumbers();
  let write: AccountCreationWrite | undefined;
  const created = (): CreatedAccount => ({
    import_supplier: supplier,
    external_account_number: external,
    service_account_number: numbers.serviceAccountNumber,
  });
  await transactWriteWithRetry(
    {
      items: () => {
        write = accountCreationWrite({
          supplier,
          externalAccountNumber: external,
          account,
          body,
          numbers,
          openStatementPeriodStart,
          ...(request.operationsTeamName !== undefined
            ? { operationsTeamName: request.operationsTeamName }
            : {}),
          lockToken: token,
          createdAt: now,
          ...(request.alsoWrite ? { extraItems: request.alsoWrite(numbers.serviceAccountNumber) } : {}),
          ...(request.alsoCount ? { counters: request.alsoCount } : {}),
          events: [
            importProcessEvents.complete(external, numbers.serviceAccountNumber),
            importProcessEvents.accountCreated(numbers.serviceAccountNumber, accountUserEmails(account)),
          ],
        });
        return write.items;
      },
      resolve: async (reasons) => {
        const failure = (write as AccountCreationWrite).failure(reasons);
        switch (failure) {
          case 'account_number_taken':
            numbers = newAccountNumbers();
            return 'retry-now' as const;
          case 'lock_lost':
            // Our claim expired and another invocation took the lock over: answer as for any
            // caller that finds it taken (409 in progress until its claim expires, or imported).
            throw cannotProcess(await getImportProcess(supplier, external), now);
          case 'participant_lost':
            await releaseImportProcess(supplier, external, { token, now, events: [] });
            throw new CreationAbandoned(
              'A write of the creation transaction no longer held; nothing was created.',
            );
          case 'meter_point_taken':
            // A 4xx writes nothing: the lock is given back unchanged.
            await releaseImportProcess(supplier, external, { token, now, events: [] });
            throw meterPointAlreadyAssigned();
          case 'rejected': {
            const detail = `The account could not be written (${reasons.map((r) => r.code).join(', ')}).`;
            await releaseImportProcess(supplier, external, {
              token,
              now,
              events: [importProcessEvents.error(external, 'account_creation_failed', detail)],
            });
            throw new Error(detail);
          }
        }
      },
      outcome: created,
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
  logger.info(ACCOUNT_IMPORTED_LOG_MESSAGE, { importSupplier: supplier });
  return created();
}

/** A dry run's errors for meter points that belong to another account already. */
async function meterPointClaimErrors(account: Pick<Account, 'supply_addresses'>): Promise<FieldError[]> {
  const claimed = new Set(await claimedMeterPoints(accountMeterPoints(account).map((point) => point.mpxn)));
  return (account.supply_addresses ?? []).flatMap((address, i) =>
    address.meter_points.flatMap((point, j) =>
      claimed.has(point.identifier)
        ? [
            {
              attr: `supply_addresses.${i}.meter_points.${j}.identifier`,
              code: meterPointAlreadyAssigned().code,
              detail: 'This meter point already belongs to another imported account.',
            },
          ]
        : [],
    ),
  );
}

/**
 * Every check a creation makes of an account before it writes, for the dry runs of v1
 * `process/` and of v2 tasks alike: the account rules, then (when they pass) the meter-point
 * claims. Its field errors; none when the account would be created.
 */
export async function creationCheckErrors(account: Account, now: Date): Promise<FieldError[]> {
  const { errors } = checkAccount(account, now);
  return errors.length > 0 ? errors : meterPointClaimErrors(account);
}

/**
 * A dry run: every check of `processAccount`, nothing kept. Only the outcome event is
 * written (`dry_run_complete` or `dry_run_error`). 404/409 as for a real run.
 */
export async function dryRunAccount(request: ProcessRequest): Promise<DryRunResult> {
  const { supplier, externalAccountNumber: external, now } = request;
  const { process, staged } = await getImportProcessWithStagedAccount(supplier, external);
  requireProcessable(process, now);
  const errors: FieldError[] = staged
    ? await creationCheckErrors(staged, now)
    : [{ attr: '', code: 'import_process_does_not_exist', detail: 'The import process has no staged data.' }];
  if (errors.length > 0) {
    await writeEventsAlone(
      [importProcessEvents.dryRunError(external, ACCOUNT_FAILED_VALIDATION, summary(errors))],
      now,
    );
    return {
      dry_run: true,
      detail: 'The account would not be created: its staged data fails validation.',
      errors,
    };
  }
  await writeEventsAlone([importProcessEvents.dryRunComplete(external)], now);
  return {
    dry_run: true,
    detail: `Every check passed at ${isoDateTime(now)}; the account would be created. Nothing was kept.`,
  };
}

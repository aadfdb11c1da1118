import { ConflictError } from '../../errors.js';
import { isClaimExpired, retryAfterSeconds } from '../claims/claim.js';
import type { ImportProcess } from '../import-process.js';
import { importProcessDoesNotExist, isLiveProcess } from './transfer-status.js';

/**
 * Status transitions of an account import process:
 *
 *   (none | CANCELLED) --stage--> UNKNOWN/STAGED --stage--> UNKNOWN/STAGED (data replaced)
 *   UNKNOWN/STAGED --process--> IN_PROGRESS --created--> COMPLETED/IMPORTED
 *                                           --failed---> UNKNOWN/STAGED
 *   UNKNOWN/STAGED --expiry window passed--> UNKNOWN/CANCELLED (leaves every list)
 *
 * These functions decide, from the stored process, what a request may do.
 */

export function alreadyImported(serviceAccountNumber: string | undefined): ConflictError {
  return new ConflictError(
    'account_import_process_already_imported',
    'An account has already been created for this import supplier and external account number.',
    { service_account_number: serviceAccountNumber ?? '' },
  );
}

/** A process as stored while IN_PROGRESS: its creation lock's claim expiry. */
export type LockedProcess = ImportProcess & {
  lock_expires_at?: string;
  /** Present once a creation has made its first write (it is then finished, never restaged). */
  creation_reservation?: unknown;
};

/**
 * 409 `import_process_in_progress`: another invocation holds a claim (the account's creation
 * lock, or its v2 task's lease) that expires at `expiresAt`. `Retry-After` says when: the
 * claim is then released, or free to take over.
 */
export function inProgress(expiresAt: string | undefined, now: Date): ConflictError {
  return new ConflictError(
    'import_process_in_progress',
    'The account is being created by another request; retry after the seconds Retry-After gives.',
    {},
    retryAfterSeconds(expiresAt, now),
  );
}

/**
 * A process whose creation lock is held by a live invocation. A lock whose claim expired
 * belongs to a creation that died: it blocks nothing, and the next caller takes it over.
 */
export function isLocked(process: LockedProcess, now: Date): boolean {
  return process.status === 'IN_PROGRESS' && !isClaimExpired(process.lock_expires_at, now);
}

/** Whether staging may (re)place the staged data: throws the 409 when it may not. */
export function stagingTarget(existing: LockedProcess | undefined, now: Date): 'create' | 'replace' {
  if (!isLiveProcess(existing)) return 'create';
  if (existing.status === 'COMPLETED') throw alreadyImported(existing.service_account_number);
  if (isLocked(existing, now)) throw inProgress(existing.lock_expires_at, now);
  if (existing.creation_reservation !== undefined) throw creationUnderway(existing.lock_expires_at, now);
  return 'replace';
}

/**
 * 409 `import_process_in_progress` for a staging of an account whose creation has begun (and
 * whose last holder failed or died): the creation must finish first, by the next process/ call
 * (a v2 task or bulk job line re-drives it by itself).
 */
export function creationUnderway(expiresAt: string | undefined, now: Date): ConflictError {
  return new ConflictError(
    'import_process_in_progress',
    'The account’s creation has begun and must finish first, with the data it began with: call process/ (after the seconds Retry-After gives).',
    { creation_begun: true },
    retryAfterSeconds(expiresAt, now),
  );
}

/** Why a process could not be taken for processing: the 404 or 409 to answer. */
export function cannotProcess(existing: LockedProcess | undefined, now: Date): Error {
  if (!isLiveProcess(existing)) return importProcessDoesNotExist();
  if (existing.status === 'COMPLETED') return alreadyImported(existing.service_account_number);
  return inProgress(existing.lock_expires_at, now);
}

/** A process that may be taken for processing (or dry-run) now; throws the 404/409 otherwise. */
export function requireProcessable(existing: LockedProcess | undefined, now: Date): ImportProcess {
  if (!isLiveProcess(existing) || existing.status === 'COMPLETED') throw cannotProcess(existing, now);
  if (isLocked(existing, now)) throw inProgress(existing.lock_expires_at, now);
  return existing;
}

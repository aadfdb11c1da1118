import { ConflictError } from '../../errors.js';

/**
 * Seconds a client waits before retrying a request refused because another request holds the
 * account's lock: account creation takes a few seconds at most.
 */
export const IN_PROGRESS_RETRY_AFTER_SECONDS = 5;

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

export function inProgress(): ConflictError {
  return new ConflictError(
    'import_process_in_progress',
    'The account is being created by another request; retry later.',
    {},
    IN_PROGRESS_RETRY_AFTER_SECONDS,
  );
}

/** Whether staging may (re)place the staged data: throws the 409 when it may not. */
export function stagingTarget(existing: ImportProcess | undefined): 'create' | 'replace' {
  if (!isLiveProcess(existing)) return 'create';
  if (existing.status === 'COMPLETED') throw alreadyImported(existing.service_account_number);
  if (existing.status === 'IN_PROGRESS') throw inProgress();
  return 'replace';
}

/** Why a process could not be taken for processing: the 404 or 409 to answer. */
export function cannotProcess(existing: ImportProcess | undefined): Error {
  if (!isLiveProcess(existing)) return importProcessDoesNotExist();
  if (existing.status === 'COMPLETED') return alreadyImported(existing.service_account_number);
  return inProgress();
}

/** A process that may be taken for processing (or dry-run) now; throws the 404/409 otherwise. */
export function requireProcessable(existing: ImportProcess | undefined, staleBefore: Date): ImportProcess {
  if (!isLiveProcess(existing) || existing.status === 'COMPLETED') throw cannotProcess(existing);
  if (existing.status === 'IN_PROGRESS' && !isStaleLock(existing, staleBefore)) throw inProgress();
  return existing;
}

/** An IN_PROGRESS lock older than the lock time belongs to a creation that died: it may be taken over. */
export function isStaleLock(
  process: ImportProcess & { in_progress_since?: string },
  staleBefore: Date,
): boolean {
  return process.in_progress_since !== undefined && process.in_progress_since < staleBefore.toISOString();
}

import { NotFoundError } from '../../errors.js';
import type { ImportProcess, ImportStatus } from '../import-process.js';

export interface TransferStatus {
  status: ImportStatus;
  service_account_number: string;
}

/** 404 code when no (live) import process exists for the supplier and external number. */
export const IMPORT_PROCESS_DOES_NOT_EXIST = 'import_process_does_not_exist';

export function importProcessDoesNotExist(): NotFoundError {
  return new NotFoundError(
    IMPORT_PROCESS_DOES_NOT_EXIST,
    'No import process exists for this import supplier and external account number.',
  );
}

/** A process that expired unprocessed (CANCELLED) no longer exists for callers. */
export function isLiveProcess(process: ImportProcess | undefined): process is ImportProcess {
  return process !== undefined && process.lifecycle !== 'CANCELLED';
}

/** Endpoint 5's body: the status, and `""` for the account number until the account exists. */
export function accountTransferStatus(process: ImportProcess | undefined): TransferStatus {
  if (!isLiveProcess(process)) throw importProcessDoesNotExist();
  return {
    status: process.status,
    service_account_number: process.status === 'COMPLETED' ? (process.service_account_number ?? '') : '',
  };
}

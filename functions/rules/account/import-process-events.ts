import { emit } from '../../events/emit.js';

/** Events of the account import lifecycle; `resource_type` is always ACCOUNT. */
const RESOURCE_TYPE = 'ACCOUNT';

export const importProcessEvents = {
  dryRunComplete: (externalAccountNumber: string) =>
    emit('data_import.import_process.dry_run_complete', 'v1', {
      resource_type: RESOURCE_TYPE,
      external_identifier: externalAccountNumber,
    }),
  dryRunError: (externalAccountNumber: string, errorCode: string, errorDetail: string) =>
    emit('data_import.import_process.dry_run_error', 'v1', {
      resource_type: RESOURCE_TYPE,
      external_identifier: externalAccountNumber,
      error_code: errorCode,
      error_detail: errorDetail,
    }),
  complete: (externalAccountNumber: string, serviceAccountNumber: string) =>
    emit('data_import.import_process.complete', 'v1', {
      resource_type: RESOURCE_TYPE,
      external_identifier: externalAccountNumber,
      identifier: serviceAccountNumber,
    }),
  error: (externalAccountNumber: string, errorCode: string, errorDetail: string) =>
    emit('data_import.import_process.error', 'v1', {
      resource_type: RESOURCE_TYPE,
      external_identifier: externalAccountNumber,
      error_code: errorCode,
      error_detail: errorDetail,
    }),
  cancelled: (externalAccountNumber: string, expiryWindowEnd: string) =>
    emit('data_import.import_process.cancelled', 'v1', {
      resource_type: RESOURCE_TYPE,
      external_identifier: externalAccountNumber,
      expiry_window_end: expiryWindowEnd,
    }),
  accountCreated: (serviceAccountNumber: string, accountUserEmails: string[]) =>
    emit('account.created', 'v1', {
      account_number: serviceAccountNumber,
      account_user_emails: accountUserEmails,
      is_imported: true,
    }),
};

import { emit } from '../../events/emit.js';
import {
  accountCreatedV1,
  dataImportImportProcessCancelledV1,
  dataImportImportProcessCompleteV1,
  dataImportImportProcessDryRunCompleteV1,
  dataImportImportProcessDryRunErrorV1,
  dataImportImportProcessErrorV1,
} from '../../events/generated/emitted-validators.js';

/**
 * Events of the account import lifecycle; `resource_type` is always ACCOUNT. Import them as a
 * namespace (`import * as importProcessEvents`): esbuild keeps only the ones a bundle calls, and with
 * them only their validators.
 */

const RESOURCE_TYPE = 'ACCOUNT';

export const dryRunComplete = (externalAccountNumber: string) =>
  emit(dataImportImportProcessDryRunCompleteV1, {
    resource_type: RESOURCE_TYPE,
    external_identifier: externalAccountNumber,
  });
export const dryRunError = (externalAccountNumber: string, errorCode: string, errorDetail: string) =>
  emit(dataImportImportProcessDryRunErrorV1, {
    resource_type: RESOURCE_TYPE,
    external_identifier: externalAccountNumber,
    error_code: errorCode,
    error_detail: errorDetail,
  });
export const complete = (externalAccountNumber: string, serviceAccountNumber: string) =>
  emit(dataImportImportProcessCompleteV1, {
    resource_type: RESOURCE_TYPE,
    external_identifier: externalAccountNumber,
    identifier: serviceAccountNumber,
  });
export const error = (externalAccountNumber: string, errorCode: string, errorDetail: string) =>
  emit(dataImportImportProcessErrorV1, {
    resource_type: RESOURCE_TYPE,
    external_identifier: externalAccountNumber,
    error_code: errorCode,
    error_detail: errorDetail,
  });
export const cancelled = (externalAccountNumber: string, expiryWindowEnd: string) =>
  emit(dataImportImportProcessCancelledV1, {
    resource_type: RESOURCE_TYPE,
    external_identifier: externalAccountNumber,
    expiry_window_end: expiryWindowEnd,
  });
export const accountCreated = (serviceAccountNumber: string, accountUserEmails: string[]) =>
  emit(accountCreatedV1, {
    account_number: serviceAccountNumber,
    account_user_emails: accountUserEmails,
    is_imported: true,
  });

import { emit } from '../../events/emit.js';
import {
  dataImportImportProcessPostImportCompletedV1,
  dataImportImportProcessPostImportErrorV1,
} from '../../events/generated/emitted-validators.js';
import type { EventDetail } from '../../events/outbox.js';
import type { ImportedAccount } from '../import-process.js';

/** What a post-import event is about: its resource type and the import process it belongs to. */
export type PostImportResourceType =
  | 'NOTE'
  | 'TRANSACTION_BATCH'
  | 'HISTORICAL_STATEMENT'
  | 'PAYMENT_INSTRUCTION';

/** `data_import.import_process.post_import.completed` v1: one resource was added to an imported account. */
export function postImportCompleted(
  account: ImportedAccount,
  resourceType: PostImportResourceType,
  identifier: string,
): EventDetail {
  return emit(dataImportImportProcessPostImportCompletedV1, {
    resource_type: resourceType,
    import_process_resource_type: 'ACCOUNT',
    import_process_external_identifier: account.external_account_number,
    identifier,
  });
}

/** `data_import.import_process.post_import.error` v1: a validated request failed (e.g. the vendor is down). */
export function postImportError(
  account: ImportedAccount,
  resourceType: PostImportResourceType,
  errorCode: string,
  errorDetail: string,
): EventDetail {
  return emit(dataImportImportProcessPostImportErrorV1, {
    resource_type: resourceType,
    import_process_resource_type: 'ACCOUNT',
    import_process_external_identifier: account.external_account_number,
    error_code: errorCode,
    error_detail: errorDetail,
  });
}

import type { ApiFunctionId } from '../../infra/routes.js';

/**
 * What each route of infra/routes.ts answers, in one place: its request body schema, its
 * query parameters, its success bodies and the codes of its error statuses. What every
 * route shares is derived by the generator (schemas/build/openapi.ts), not repeated here:
 * an authorized route also answers 401, 403, 429, 500 and 503; a POST with a JSON body also
 * answers 400 `parse_error` and 413 `payload_too_large`. `Record<ApiFunctionId, …>` makes
 * the compiler refuse a route without an entry.
 */

export interface QueryParameter {
  name: string;
  description: string;
  schema: Record<string, unknown>;
  /** Default false. */
  required?: boolean;
}

export interface OperationContract {
  /** Name of the request schema (`schemas/api/<name>.schema.ts`, or a `components/schemas` name). */
  request?: string;
  /** The body may be left out (the handler reads no body as `{}`: `emptyIsObject`). */
  requestOptional?: boolean;
  query?: QueryParameter[];
  /** Status → name of the success body schema (`schemas/api/responses/success-bodies.ts`). */
  success: Record<number, string>;
  /** Top-level codes of a 400 (besides `parse_error`) and the codes its `errors[]` can carry. */
  badRequest?: { codes: string[]; fieldCodes: string[] };
  /** Codes of the transactions' TRANSACTION_IMPORT_ERROR body (the other 400 shape). */
  transactionImportError?: string[];
  notFound?: string[];
  conflict?: string[];
  /** 500 codes this route adds to the shared ones. */
  retryable?: string[];
}

/** `errors[].code` of the request shape, on every JSON body. */
const SHAPE_CODES = [
  'required',
  'invalid_type',
  'unknown_field',
  'invalid_choice',
  'invalid_date',
  'invalid_datetime',
  'invalid_email',
  'invalid_format',
  'too_many_items',
  'too_few_items',
  'blank',
  'too_long',
  'out_of_range',
  'too_deeply_nested',
  'invalid_unicode',
];

/** The whole account's codes beyond the schema's: the service's own; the published rules' are in account-rules.md. */
const ACCOUNT_CODES = [
  ...SHAPE_CODES,
  'import_supplier_does_not_exist',
  'date_in_future',
  'date_not_before_today',
  'invalid_decimal',
  'too_many_decimal_places',
  'duplicate_statement_ids',
  'invalid_bill_period',
  'unpin_at_requires_is_pinned',
  'every code of docs/api/account-rules.md',
];

const NOT_ONGOING = 'import_supplier_migration_not_ongoing';
const ALREADY_IMPORTED = 'account_import_process_already_imported';
const IN_PROGRESS = 'import_process_in_progress';

const pageParameters: QueryParameter[] = [
  {
    name: 'page_size',
    description: 'Items per page, 1–10000 (default 5000); anything else is a 400 `invalid_page_size`.',
    schema: { type: 'integer', minimum: 1, maximum: 10000, default: 5000 },
  },
  {
    name: 'cursor',
    description:
      'Where the page starts: only a cursor from this list’s `Link: <…>; rel="next"` header (else 400 `invalid_cursor`).',
    schema: { type: 'string' },
  },
];

const booleanParameter = (name: string, description: string): QueryParameter => ({
  name,
  description: `${description} One of \`true\`, \`false\`, \`1\`, \`0\` (default \`true\`); else 400 \`invalid_boolean\`.`,
  schema: { type: 'string', enum: ['true', 'false', '1', '0'], default: 'true' },
});

const list: OperationContract = {
  query: pageParameters,
  success: { 200: 'ImportProcessList' },
  badRequest: { codes: ['invalid_request'], fieldCodes: ['invalid_page_size', 'invalid_cursor'] },
  notFound: ['import_supplier_not_found'],
};

const postImport = (extra: string[]): OperationContract['badRequest'] => ({
  codes: ['invalid_request'],
  fieldCodes: [...SHAPE_CODES, ...extra],
});

export const operationContracts: Record<ApiFunctionId, OperationContract> = {
  'obtain-service-token': { request: 'GraphqlRequest', success: { 200: 'ObtainServiceTokenResult' } },
  'validate-account': {
    request: 'account',
    success: { 200: 'ValidatedAccount' },
    badRequest: { codes: ['account_failed_validation'], fieldCodes: ACCOUNT_CODES },
    conflict: [NOT_ONGOING],
  },
  'stage-account': {
    request: 'account',
    success: { 200: 'StagedAccount', 201: 'StagedAccount' },
    badRequest: { codes: ['account_failed_validation'], fieldCodes: ACCOUNT_CODES },
    conflict: [NOT_ONGOING, ALREADY_IMPORTED, IN_PROGRESS],
    retryable: ['staging_conflict'],
  },
  'process-account': {
    request: 'process-account',
    success: { 200: 'DryRunResult', 201: 'CreatedAccount' },
    badRequest: {
      // account_failed_validation: the staged data no longer passes the account rules (they may have changed).
      codes: ['invalid_request', 'account_failed_validation'],
      fieldCodes: [...ACCOUNT_CODES, 'import_process_does_not_exist'],
    },
    notFound: ['import_process_does_not_exist'],
    conflict: [NOT_ONGOING, ALREADY_IMPORTED, IN_PROGRESS, 'meter_point_already_assigned'],
    retryable: ['account_creation_conflict'],
  },
  'get-account-transfer-status': {
    success: { 200: 'AccountTransferStatus' },
    notFound: ['account_not_found', 'import_process_does_not_exist'],
  },
  'list-all-import-processes': list,
  'list-pending-import-processes': list,
  'list-imported-import-processes': list,
  'create-notes': {
    request: 'notes-create',
    success: { 200: 'PostImportDryRun', 201: 'NoteResults' },
    badRequest: postImport([
      'body_or_document_paths_required',
      'unpin_at_requires_is_pinned',
      'unpin_at_not_after_created_at',
      'invalid_document_path',
      'path_does_not_exist_in_file_store',
      'too_large',
    ]),
    notFound: ['account_not_found'],
    conflict: [NOT_ONGOING],
  },
  'create-transactions': {
    request: 'transactions-create',
    query: [
      booleanParameter(
        'check_previously_added',
        '`false` skips the read of existing transaction ids (an existing id is still never written twice).',
      ),
      booleanParameter(
        'force_add_to_current_statement',
        '`true` moves a date before the open statement period to its first day; `false` refuses it.',
      ),
    ],
    success: { 200: 'PostImportDryRun', 201: 'TransactionResults' },
    badRequest: postImport(['duplicate_transaction_ids', 'invalid_boolean']),
    transactionImportError: [
      'required',
      'invalid_type',
      'unknown_field',
      'invalid_choice',
      'invalid_date',
      'blank',
      'too_long',
      'too_many_items',
      'invalid_decimal',
      'too_many_decimal_places',
      'out_of_range',
      'transaction_in_future',
      'not_within_open_statement_period',
      'too_large',
    ],
    notFound: ['account_not_found'],
    conflict: [NOT_ONGOING],
  },
  'create-historical-statements': {
    request: 'historical-statements-create',
    success: { 200: 'PostImportDryRun', 201: 'HistoricalStatementsCreated' },
    badRequest: postImport([
      'invalid_bill_period',
      'to_time_not_after_from_time',
      'duplicate_statement_ids',
      'too_many_decimal_places',
      'invalid_decimal',
      'invalid_document_path',
      'path_does_not_exist_in_file_store',
    ]),
    notFound: ['account_not_found'],
    conflict: [NOT_ONGOING, 'historical_statement_already_exists'],
  },
  'create-payment-instruction': {
    request: 'payment-instruction-create',
    success: { 200: 'PostImportDryRun', 201: 'PaymentInstructionCreated' },
    badRequest: {
      // The vendor cannot be used for this request (unreachable again and again, or refusing
      // the service's own credentials): do not retry as is.
      codes: ['invalid_request', 'payment_vendor_persistent_failure'],
      fieldCodes: [
        ...(postImport([
          'payment_instruction_not_found_at_vendor',
          'payment_instruction_invalid_at_vendor',
          'payment_instruction_type_mismatch',
        ])?.fieldCodes ?? []),
        'payment_vendor_persistent_failure',
      ],
    },
    notFound: ['account_not_found'],
    conflict: [NOT_ONGOING],
    retryable: ['payment_vendor_unavailable'],
  },
  'get-account-summary': {
    success: { 200: 'AccountSummary' },
    notFound: ['account_not_found'],
  },
  'get-supplier-summary': {
    success: { 200: 'SupplierSummary' },
    notFound: ['import_supplier_not_found'],
  },
  'get-meter-point-statuses': {
    success: { 200: 'MeterPointStatuses' },
    notFound: ['account_not_found'],
  },
  'send-registration-flows': {
    request: 'send-registration-flows',
    requestOptional: true,
    success: { 200: 'RegistrationFlows' },
    badRequest: postImport([]),
    notFound: ['account_not_found'],
    conflict: [NOT_ONGOING],
  },
  'validate-account-task': {
    request: 'account-task-validate',
    success: { 200: 'StagedAccount' },
    badRequest: { codes: ['account_failed_validation', 'invalid_request'], fieldCodes: ACCOUNT_CODES },
    conflict: [NOT_ONGOING],
  },
  'schedule-account-task': {
    request: 'account-task-schedule',
    success: { 200: 'AccountTask', 201: 'AccountTask' },
    badRequest: {
      codes: ['account_failed_validation', 'invalid_request'],
      fieldCodes: [
        ...ACCOUNT_CODES,
        'schedule_window_start_in_past',
        'schedule_window_end_too_far_in_future',
        'schedule_window_start_after_end',
        'schedule_window_end_in_past',
      ],
    },
    conflict: [NOT_ONGOING, ALREADY_IMPORTED, IN_PROGRESS],
  },
  'get-account-task': {
    success: { 200: 'AccountTask' },
    notFound: ['account_not_found', 'import_process_does_not_exist'],
  },
  'cancel-account-task': {
    request: 'account-task-cancel',
    requestOptional: true,
    success: { 200: 'AccountTask' },
    badRequest: postImport([]),
    notFound: ['account_not_found', 'import_process_does_not_exist'],
    conflict: [NOT_ONGOING, 'import_process_not_pending'],
  },
  'create-bulk-job': {
    request: 'bulk-job-create',
    success: { 201: 'BulkJob' },
    badRequest: {
      codes: ['invalid_request'],
      fieldCodes: [...SHAPE_CODES, 'import_supplier_does_not_exist'],
    },
    conflict: [NOT_ONGOING],
  },
  'start-bulk-job': {
    request: 'bulk-job-action',
    requestOptional: true,
    success: { 202: 'BulkJob' },
    badRequest: {
      codes: ['invalid_request', 'bulk_job_upload_missing', 'bulk_job_upload_encoded'],
      fieldCodes: SHAPE_CODES,
    },
    notFound: ['bulk_job_does_not_exist'],
    conflict: [NOT_ONGOING, 'bulk_job_not_open'],
  },
  'get-bulk-job': {
    success: { 200: 'BulkJob' },
    notFound: ['bulk_job_does_not_exist'],
  },
  'abort-bulk-job': {
    request: 'bulk-job-action',
    requestOptional: true,
    success: { 200: 'BulkJob' },
    badRequest: { codes: ['invalid_request'], fieldCodes: SHAPE_CODES },
    notFound: ['bulk_job_does_not_exist'],
    conflict: ['bulk_job_finished'],
  },
  'list-bulk-jobs': {
    query: [
      {
        name: 'import_supplier',
        description: 'The import supplier whose jobs (of your organisation) are listed.',
        schema: { type: 'string' },
        required: true,
      },
      ...pageParameters,
    ],
    success: { 200: 'BulkJobList' },
    badRequest: {
      codes: ['invalid_request'],
      fieldCodes: ['required', 'import_supplier_does_not_exist', 'invalid_page_size', 'invalid_cursor'],
    },
  },
};

/** The token mutation's GraphQL error codes (`errors[].extensions.errorCode`) at HTTP 200. */
export const TOKEN_ERROR_CODES_200 = [
  'invalid_api_key',
  'api_key_revoked',
  'invalid_refresh_token',
  'refresh_token_expired',
  'invalid_input',
  'graphql_parse_failed',
  'graphql_validation_failed',
  'invalid_variables',
];

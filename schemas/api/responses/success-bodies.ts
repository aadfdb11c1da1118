import { BULK_JOB_STATES, TASK_STATUSES } from '../resource-states.js';
import { supplierSettingsSchema } from '../supplier-settings.js';
import type { JsonSchema } from './error-bodies.js';

/**
 * JSON Schemas of the success bodies (200/201) of every route, keyed by the name the
 * OpenAPI document gives them under `components/schemas`. Request schemas (schemas/api/*)
 * are referenced as `#/components/schemas/<name>`.
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const text = { type: 'string' } as const;
const accountReference = {
  import_supplier: text,
  external_account_number: text,
} as const;

/** The `warnings` of an answer about a whole account: present only when the account carries deprecated fields. */
const accountWarnings = {
  warnings: {
    type: 'array',
    description:
      'The deprecated fields the account carries (accepted), and the kinds of reference data its rules needed that are not loaded (those rules were skipped); absent when there are none.',
    items: { anyOf: [ref('DeprecationWarning'), ref('ReferenceDataWarning')] },
  },
} as const;

const obtainServiceToken: JsonSchema = {
  type: 'object',
  description: 'The fields the query selects (GraphQL answers only those).',
  properties: {
    token: { type: 'string', description: 'JWT, valid 60 minutes; send as `Authorization: Token <token>`.' },
    payload: {
      type: 'object',
      description: "The token's decoded claims (`iss`, `aud`, `sub`, `iat`, `exp`, …).",
    },
    refreshToken: { type: ['string', 'null'], description: 'Single use, valid 7 days.' },
    refreshExpiresIn: {
      type: ['integer', 'null'],
      description: 'When the refresh token expires (Unix time).',
    },
  },
};

export const successSchemas: Record<string, JsonSchema> = {
  ObtainServiceTokenResult: {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        description:
          'The selected root fields: `obtainServiceToken` (or introspection fields such as `__schema`).',
        properties: { obtainServiceToken: obtainServiceToken },
      },
    },
  },
  GraphqlRequest: {
    type: 'object',
    required: ['query'],
    properties: {
      query: {
        type: 'string',
        maxLength: 20000,
        description:
          'mutation($input: ObtainServiceTokenInput!) { obtainServiceToken(input: $input) { token payload refreshToken refreshExpiresIn } }',
      },
      variables: {
        type: 'object',
        description: '`{"input": {"APIKey": "…"}}` or `{"input": {"refreshToken": "…"}}` (exactly one).',
      },
      operationName: text,
    },
  },
  // The whole account's fields and `warnings` (schemas/build/openapi-account.ts adds the account's).
  ValidatedAccount: {
    type: 'object',
    description:
      'The normalised account: the payload with every field sent as `null` left out, and `warnings`.',
    properties: accountWarnings,
  },
  StagedAccount: {
    type: 'object',
    required: ['import_supplier', 'external_account_number'],
    additionalProperties: false,
    properties: { ...accountReference, ...accountWarnings },
  },
  DeprecationWarning: {
    type: 'object',
    required: ['attr', 'code', 'detail', 'use_instead'],
    additionalProperties: false,
    properties: {
      attr: { type: 'string', description: 'The deprecated field’s path (v2: with its `payload.` prefix).' },
      code: { type: 'string', enum: ['deprecated_field'] },
      detail: text,
      use_instead: { type: ['string', 'null'], description: 'The field that replaces it, as published.' },
    },
  },
  ReferenceDataWarning: {
    type: 'object',
    required: ['attr', 'code', 'detail', 'kind'],
    additionalProperties: false,
    properties: {
      attr: {
        type: 'string',
        description: 'The first field its rules could not judge (v2: with its `payload.` prefix).',
      },
      code: { type: 'string', enum: ['reference_data_not_loaded'] },
      detail: text,
      kind: {
        type: 'string',
        description: 'The kind of reference data not loaded (`operations_teams`, `tariffs`, …).',
      },
    },
  },
  CreatedAccount: {
    type: 'object',
    required: ['import_supplier', 'external_account_number', 'service_account_number'],
    additionalProperties: false,
    properties: {
      ...accountReference,
      service_account_number: { type: 'string', pattern: '^A-[0-9A-F]{8}$' },
    },
  },
  DryRunResult: {
    type: 'object',
    required: ['dry_run', 'detail'],
    properties: {
      dry_run: { const: true },
      detail: text,
      errors: { type: 'array', items: ref('FieldError') },
    },
  },
  PostImportDryRun: {
    type: 'object',
    description:
      'A dry run: what the real call would answer (`result`), with nothing kept and nothing emitted.',
    required: ['dry_run', 'result'],
    additionalProperties: false,
    properties: {
      dry_run: { const: true },
      result: {},
      warnings: { type: 'array', items: { type: 'object' } },
    },
  },
  AccountSummary: {
    type: 'object',
    description: 'What the account holds, from aggregates kept in the same transactions as the items.',
    required: [
      'import_supplier',
      'external_account_number',
      'service_account_number',
      'status',
      'transactions',
      'notes',
      'statements',
      'payment_instruction',
      'created',
    ],
    properties: {
      ...accountReference,
      service_account_number: text,
      status: text,
      transactions: {
        type: 'object',
        required: ['count', 'amount_total', 'first_date', 'last_date', 'ids_sha256', 'by_type'],
        properties: {
          count: { type: 'integer' },
          amount_total: { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{2}$' },
          first_date: { type: ['string', 'null'], format: 'date' },
          last_date: { type: ['string', 'null'], format: 'date' },
          ids_sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
          by_type: {
            type: 'object',
            additionalProperties: {
              type: 'object',
              required: ['count', 'amount_total'],
              properties: { count: { type: 'integer' }, amount_total: text },
            },
          },
        },
      },
      notes: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
      statements: {
        type: 'object',
        required: ['count', 'ids_sha256'],
        properties: { count: { type: 'integer' }, ids_sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
      },
      payment_instruction: {
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            required: ['vendor', 'reference', 'type'],
            properties: { vendor: text, reference: text, type: text },
          },
        ],
      },
      created: {
        type: 'object',
        description:
          'What the account’s creation made of its payload, by kind (users, properties, meter_points, meters, registers, transfer_readings, consents, psr_records, …); empty for an account created before the service counted them.',
        additionalProperties: { type: 'integer', minimum: 0 },
      },
    },
  },
  SupplierSummary: {
    type: 'object',
    required: ['code', 'status', 'root_location', 'settings', 'accounts'],
    properties: {
      code: text,
      status: { type: 'string', enum: ['Ongoing', 'Paused', 'Complete'] },
      root_location: text,
      settings: supplierSettingsSchema(),
      accounts: {
        type: 'object',
        required: ['pending', 'imported', 'scheduled'],
        properties: {
          pending: { type: 'integer' },
          imported: { type: 'integer' },
          scheduled: { type: 'integer' },
        },
      },
    },
  },
  MeterPointStatuses: {
    type: 'array',
    description: 'Each meter point of the account, in payload order.',
    items: {
      type: 'object',
      required: ['mpxn', 'status'],
      additionalProperties: false,
      properties: { mpxn: text, status: text },
    },
  },
  RegistrationFlows: {
    description: 'What each meter point became; a dry run answers `{"dry_run": true, "result": <the same>}`.',
    anyOf: [ref('RegistrationFlowsResult'), ref('PostImportDryRun')],
  },
  RegistrationFlowsResult: {
    type: 'object',
    required: ['import_supplier_code', 'external_account_number', 'meter_points'],
    properties: {
      import_supplier_code: text,
      external_account_number: text,
      meter_points: {
        type: 'array',
        items: {
          type: 'object',
          required: ['mpxn', 'status'],
          additionalProperties: false,
          properties: {
            mpxn: text,
            status: { type: 'string', enum: ['REGISTRATION_FLOW_SUCCESS', 'REGISTRATION_FLOW_ERROR'] },
            error_detail: text,
          },
        },
      },
    },
  },
  AccountTask: {
    type: 'object',
    description: 'A v2 account task: where the asynchronous import of one account stands.',
    required: [
      'import_supplier',
      'external_account_number',
      'status',
      'service_identifier',
      'is_dry_run',
      'schedule_window_start',
      'schedule_window_end',
      'created_at',
      'modified_at',
      'latest_event',
      'latest_error',
    ],
    additionalProperties: false,
    properties: {
      ...accountReference,
      ...accountWarnings,
      status: { type: 'string', enum: [...TASK_STATUSES] },
      service_identifier: {
        type: ['string', 'null'],
        description: 'The service account number once PROCESSED.',
      },
      is_dry_run: { type: 'boolean' },
      schedule_window_start: { type: 'string', format: 'date-time' },
      schedule_window_end: { type: 'string', format: 'date-time' },
      created_at: { type: 'string', format: 'date-time' },
      modified_at: { type: 'string', format: 'date-time' },
      latest_event: {
        type: 'object',
        required: ['event', 'occurred_at', 'data'],
        additionalProperties: false,
        properties: {
          event: { type: 'string', pattern: '^EVENT_ACCOUNT_IMPORT_PROCESS_[A-Z_]+$' },
          occurred_at: { type: 'string', format: 'date-time' },
          data: { anyOf: [{ type: 'null' }, ref('TaskError')] },
        },
      },
      latest_error: { anyOf: [{ type: 'null' }, ref('TaskError')] },
    },
  },
  BulkJob: {
    type: 'object',
    description: 'A bulk import job: a file of account bundles the service loads line by line.',
    required: [
      'job_id',
      'import_supplier',
      'state',
      'dry_run',
      'created_at',
      'started_at',
      'finished_at',
      'lines',
      'upload',
      'results_url',
      'error',
    ],
    additionalProperties: false,
    properties: {
      job_id: { type: 'string', format: 'uuid' },
      import_supplier: text,
      state: { type: 'string', enum: [...BULK_JOB_STATES] },
      dry_run: { type: 'boolean' },
      created_at: { type: 'string', format: 'date-time' },
      started_at: { type: ['string', 'null'], format: 'date-time' },
      finished_at: {
        type: ['string', 'null'],
        format: 'date-time',
        description: 'When the last line ended and the results were written (or the job failed).',
      },
      lines: {
        type: 'object',
        required: ['total', 'processed', 'imported', 'partial', 'failed', 'not_processed'],
        additionalProperties: false,
        properties: {
          total: {
            type: ['integer', 'null'],
            description: 'Non-blank lines of the file; `null` until the file has been read.',
          },
          processed: { type: 'integer', description: '`imported` + `partial` + `failed`.' },
          imported: { type: 'integer' },
          partial: { type: 'integer' },
          failed: { type: 'integer' },
          not_processed: { type: 'integer', description: 'Lines an abort left.' },
        },
      },
      upload: {
        description: 'While `OPEN`: where to upload the file (a presigned S3 PUT, valid one hour).',
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            required: ['url', 'method', 'expires_at'],
            additionalProperties: false,
            properties: {
              url: { type: 'string', format: 'uri' },
              method: { const: 'PUT' },
              expires_at: { type: 'string', format: 'date-time' },
            },
          },
        ],
      },
      results_url: {
        type: ['string', 'null'],
        format: 'uri',
        description:
          'Once no line is in flight: a presigned GET (valid one hour, new at each read) of the results, one NDJSON line per input line in line order.',
      },
      error: {
        description:
          'Why a `FAILED` job could not run at all, or stopped running: its input changed after the start, or its organisation lost its authority over the supplier.',
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            required: ['code', 'detail'],
            additionalProperties: false,
            properties: {
              code: {
                type: 'string',
                enum: [
                  'bulk_job_input_missing',
                  'bulk_job_input_too_large',
                  'bulk_job_input_changed',
                  'bulk_job_authority_revoked',
                ],
              },
              detail: text,
            },
          },
        ],
      },
    },
  },
  BulkJobList: {
    type: 'array',
    description: 'Newest first; `Link: <next-url>; rel="next"` when more jobs exist.',
    items: ref('BulkJob'),
  },
  TaskError: {
    type: 'object',
    required: ['code', 'detail', 'domain'],
    additionalProperties: false,
    properties: { code: text, detail: text, domain: { const: 'import_process' } },
  },
  AccountTransferStatus: {
    type: 'object',
    required: ['status', 'service_account_number'],
    additionalProperties: false,
    properties: {
      status: { type: 'string', enum: ['UNKNOWN', 'IN_PROGRESS', 'COMPLETED'] },
      service_account_number: { type: 'string', description: '`""` until the account exists.' },
    },
  },
  ImportProcessList: {
    type: 'array',
    description: 'Sorted by external account number; `Link: <next-url>; rel="next"` when more items exist.',
    items: {
      type: 'object',
      required: ['external_account_number', 'service_account_number', 'account_created_at'],
      additionalProperties: false,
      properties: {
        external_account_number: text,
        service_account_number: { type: ['string', 'null'] },
        account_created_at: { type: ['string', 'null'], format: 'date-time' },
      },
    },
  },
  NoteResults: {
    type: 'array',
    description: 'One result per note, in request order.',
    items: {
      type: 'object',
      required: ['created_at', 'status'],
      additionalProperties: false,
      properties: {
        created_at: { type: 'string', format: 'date-time' },
        body: text,
        document_paths: {
          type: 'array',
          items: {
            type: 'object',
            required: ['document_path'],
            additionalProperties: false,
            properties: { document_path: text },
          },
        },
        external_id: text,
        is_archived: { type: 'boolean' },
        is_pinned: { type: 'boolean' },
        unpin_at: { type: 'string', format: 'date-time' },
        status: { type: 'string', enum: ['NOTE_CREATION_SUCCESS', 'NOTE_ALREADY_EXISTS'] },
      },
    },
  },
  TransactionResults: {
    type: 'object',
    required: ['results'],
    properties: {
      results: {
        type: 'array',
        description: 'One result per transaction, in request order.',
        items: {
          type: 'object',
          required: ['status', 'transaction_data'],
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: ['TRANSACTION_ADDED_TO_ACCOUNT', 'TRANSACTION_ALREADY_EXISTS'] },
            transaction_data: {
              type: 'object',
              required: ['transaction_id', 'transaction_date', 'amount', 'type'],
              properties: {
                transaction_id: text,
                transaction_date: { type: 'string', format: 'date' },
                amount: { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{2}$' },
                type: text,
                reason: text,
                reference: text,
                payment_type: text,
                description: text,
                status: { const: 'TRANSACTION_IMPORT_SUCCESS' },
              },
            },
          },
        },
      },
    },
  },
  HistoricalStatementsCreated: {
    allOf: [ref('historical-statements-create')],
    description: 'The validated request, echoed.',
  },
  PaymentInstructionCreated: {
    type: 'object',
    required: ['service_account_number', 'reference'],
    additionalProperties: false,
    properties: { service_account_number: text, reference: text },
  },
};

/**
 * JSON Schemas of the service's error bodies (one shape everywhere: `{"detail", "code"}`,
 * plus `errors` on a 400 and extra fields on some 409s). Each builder takes the codes the
 * answer can carry at the top level, so the contract lists them as an `enum`.
 */

export type JsonSchema = Record<string, unknown>;

const detail = { type: 'string', description: 'For humans; the wording may change.' } as const;

function codeOf(codes: readonly string[]): JsonSchema {
  return { type: 'string', enum: [...codes], description: 'Stable snake_case code, for programs.' };
}

/** One problem of a 400: `attr` is the dot path with zero-based indexes (`notes.0.body`). */
export const fieldError: JsonSchema = {
  type: 'object',
  required: ['detail', 'code', 'attr'],
  additionalProperties: false,
  properties: {
    detail,
    code: { type: 'string', description: 'Stable snake_case code of this problem.' },
    attr: { type: 'string', description: 'Dot path of the field (`""` for the body as a whole).' },
  },
};

/** `{"detail", "code"}` and possibly more (401, 403, 404, 413, 429, 500, 503). */
export function errorBody(codes: readonly string[]): JsonSchema {
  return {
    type: 'object',
    required: ['detail', 'code'],
    additionalProperties: false,
    properties: { detail, code: codeOf(codes) },
  };
}

/** 400: `{"detail", "code", "errors": [{"detail", "code", "attr"}]}`; `fieldCodes` are those of `errors[].code`. */
export function validationErrorBody(codes: readonly string[], fieldCodes: readonly string[]): JsonSchema {
  return {
    type: 'object',
    required: ['detail', 'code', 'errors'],
    additionalProperties: false,
    properties: {
      detail,
      code: codeOf(codes),
      errors: {
        type: 'array',
        items: fieldError,
        // A code is written as code; an entry with spaces says where more codes are listed.
        description: `Every problem found. Codes of \`errors[].code\`: ${fieldCodes.map((c) => (c.includes(' ') ? c : `\`${c}\``)).join(', ')}.`,
      },
    },
  };
}

/** 409: `{"detail", "code"}`, with `service_account_number` (already imported) or `errors` (supplier stopped). */
export function conflictBody(codes: readonly string[]): JsonSchema {
  return {
    type: 'object',
    required: ['detail', 'code'],
    additionalProperties: false,
    properties: {
      detail,
      code: codeOf(codes),
      service_account_number: {
        type: 'string',
        description: 'With `account_import_process_already_imported`: the account that exists.',
      },
      statement_id: {
        type: 'string',
        description: 'With `historical_statement_already_exists`: the statement that exists.',
      },
      errors: {
        type: 'array',
        items: fieldError,
        description:
          'With `import_supplier_migration_not_ongoing`: one item, `attr` `import_supplier`, code `import_supplier_paused` or `import_supplier_complete`.',
      },
    },
  };
}

/** 400 of transactions/create/ when one transaction fails (the first failing one, in request order). */
export function transactionImportErrorBody(codes: readonly string[]): JsonSchema {
  return {
    type: 'object',
    required: ['status', 'error_detail', 'code', 'errors', 'transaction_data'],
    additionalProperties: false,
    properties: {
      status: { const: 'TRANSACTION_IMPORT_ERROR' },
      error_detail: {
        ...detail,
        description:
          'Every problem of the failing transaction as `<attr>: <detail>`, in the order of `errors`.',
      },
      code: codeOf(codes),
      errors: {
        type: 'array',
        minItems: 1,
        items: fieldError,
        description:
          'Every problem found in the failing transaction (a misspelt required field is both `unknown_field` and `required`); `code` is the first one’s.',
      },
      transaction_data: {
        description:
          'The failing transaction (after forcing: the moved date); as sent when it is not an object.',
      },
    },
  };
}

/** A GraphQL error of the token mutation: the code is in `extensions.errorCode`. */
export function graphqlErrorsBody(codes: readonly string[], withData: boolean): JsonSchema {
  return {
    type: 'object',
    required: ['errors'],
    properties: {
      ...(withData ? { data: { type: ['object', 'null'] } } : {}),
      errors: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['message', 'extensions'],
          properties: {
            message: { type: 'string' },
            locations: { type: 'array' },
            path: { type: 'array' },
            extensions: {
              type: 'object',
              required: ['errorCode'],
              properties: { errorCode: codeOf(codes) },
            },
          },
        },
      },
    },
  };
}

import { Ajv } from 'ajv';
import { expect } from 'vitest';

/**
 * The documented error bodies as JSON Schemas, checked with ajv:
 * - the standard body `{detail, code, errors?: [{detail, code, attr}]}`, where a 400 always
 *   has `errors` and a 409 may add `service_account_number` or `statement_id`;
 * - the transactions exception `{status: TRANSACTION_IMPORT_ERROR, error_detail, code, errors, transaction_data}`.
 * Codes are stable snake_case; nothing else may appear (no stack, no internal message).
 */
const code = { type: 'string', pattern: '^[a-z][a-z0-9_]*$' } as const;
const detail = { type: 'string', minLength: 1, maxLength: 2000 } as const;

const fieldError = {
  type: 'object',
  additionalProperties: false,
  required: ['detail', 'code', 'attr'],
  properties: { detail, code, attr: { type: 'string' } },
} as const;

const standard = (options: { errorsRequired: boolean; extras?: Record<string, unknown> }) => ({
  type: 'object',
  additionalProperties: false,
  required: ['detail', 'code', ...(options.errorsRequired ? ['errors'] : [])],
  properties: {
    detail,
    code,
    errors: { type: 'array', items: fieldError },
    ...options.extras,
  },
});

export const errorBodySchemas = {
  validation: standard({ errorsRequired: true }),
  transactionImportError: {
    type: 'object',
    additionalProperties: false,
    required: ['status', 'error_detail', 'code', 'errors', 'transaction_data'],
    properties: {
      status: { const: 'TRANSACTION_IMPORT_ERROR' },
      error_detail: detail,
      code,
      errors: { type: 'array', minItems: 1, items: fieldError },
      transaction_data: {},
    },
  },
  conflict: standard({
    errorsRequired: false,
    extras: {
      service_account_number: { type: 'string', pattern: '^A-[0-9A-F]{8}$' },
      statement_id: { type: 'string' },
    },
  }),
  other: standard({ errorsRequired: false }),
} as const;

const ajv = new Ajv({ allErrors: true, strict: true });
const validators = {
  validation: ajv.compile(errorBodySchemas.validation),
  transactionImportError: ajv.compile(errorBodySchemas.transactionImportError),
  conflict: ajv.compile(errorBodySchemas.conflict),
  other: ajv.compile(errorBodySchemas.other),
};

/** Why `body` is not a valid error body for `status` (undefined when it is). */
export function errorBodyProblem(status: number, body: unknown, options: { transactions?: boolean } = {}) {
  const pick =
    status === 400
      ? options.transactions &&
        (body as { status?: unknown } | undefined)?.status === 'TRANSACTION_IMPORT_ERROR'
        ? validators.transactionImportError
        : validators.validation
      : status === 409
        ? validators.conflict
        : validators.other;
  if (pick(body)) return undefined;
  return ajv.errorsText(pick.errors);
}

/** Internals that must never reach a client. */
const LEAKS = /\/work\/|node_modules|\.ts:\d+:\d+|\bat [\w.<>]+ \(|[A-Z][a-z]+Exception\b|ECONNREFUSED/;

/**
 * The hostile suites' oracle for one response: never a 5xx; a 4xx body matches the error
 * schema for its status and leaks nothing. `context` is printed when it fails.
 */
export function expectWellFormedAnswer(
  response: { status: number; json: unknown; text: string },
  context: unknown,
  options: { transactions?: boolean } = {},
): void {
  const where = () =>
    `${JSON.stringify(context)?.slice(0, 600)} → ${response.status} ${response.text.slice(0, 400)}`;
  expect(response.status, `5xx: ${where()}`).toBeLessThan(500);
  if (response.status >= 400) {
    expect(
      errorBodyProblem(response.status, response.json, options),
      `error body: ${where()}`,
    ).toBeUndefined();
    expect(LEAKS.test(response.text), `internals leaked: ${where()}`).toBe(false);
  }
}

/**
 * Typed domain errors. Domain and store code throw these; the HTTP error middleware
 * (functions/http/error-handler.ts) is the only place that maps them to responses.
 * Every subclass carries a stable snake_case `code`.
 */

export interface FieldError {
  /** Dot path with zero-based indexes, e.g. `notes.0.document_paths.1.document_path`. */
  attr: string;
  code: string;
  detail: string;
}

export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  /**
   * Seconds the client should wait before retrying (the `Retry-After` header), for an error
   * that a later retry of the same request can clear; `undefined` for the others.
   */
  readonly retryAfterSeconds?: number;
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = new.target.name;
  }

  /** The response body. Subclasses add fields (errors, service_account_number, …). */
  body(): Record<string, unknown> {
    return { detail: this.detail, code: this.code };
  }
}

/** 400 with the standard validation body `{detail, code, errors: [{detail, code, attr}]}`. */
export class ValidationError extends DomainError {
  readonly statusCode = 400;
  constructor(
    readonly errors: FieldError[],
    code = 'invalid_request',
    detail = 'The request could not be validated.',
  ) {
    super(code, detail);
  }
  override body(): Record<string, unknown> {
    return { detail: this.detail, code: this.code, errors: this.errors };
  }
}

/** 400 for malformed JSON: code `parse_error`, empty `errors`. */
export class ParseError extends ValidationError {
  constructor(detail = 'The request body is not valid JSON.') {
    super([], 'parse_error', detail);
  }
}

/**
 * 400 whose cause is the request as a whole, not a field of its body (a bulk job started before
 * its upload): the top-level `code` says what, and `errors` is empty.
 */
export class BadRequestError extends ValidationError {
  constructor(code: string, detail: string) {
    super([], code, detail);
  }
}

/**
 * 400 for one failing transaction, in the spec's TRANSACTION_IMPORT_ERROR shape, plus `errors`:
 * every problem found in that transaction (attr, code, detail), as the standard body lists them.
 * `code` is the first problem's and `error_detail` reads `<attr>: <detail>` for each, joined.
 */
export class TransactionImportError extends DomainError {
  readonly statusCode = 400;
  readonly errors: FieldError[];
  constructor(
    errors: readonly [FieldError, ...FieldError[]],
    readonly transactionData: unknown,
  ) {
    super(errors[0].code, errors.map((error) => `${error.attr}: ${error.detail}`).join(' '));
    this.errors = [...errors];
  }
  override body(): Record<string, unknown> {
    return {
      status: 'TRANSACTION_IMPORT_ERROR',
      error_detail: this.detail,
      code: this.code,
      errors: this.errors,
      transaction_data: this.transactionData,
    };
  }
}

export class NotAuthenticatedError extends DomainError {
  readonly statusCode = 401;
  constructor(code: 'not_authenticated' | 'token_expired' = 'not_authenticated', detail?: string) {
    super(
      code,
      detail ??
        (code === 'token_expired'
          ? 'The token has expired; obtain a new one.'
          : 'Authentication credentials were not provided or are invalid.'),
    );
  }
}

export class PermissionDeniedError extends DomainError {
  readonly statusCode = 403;
  constructor(detail = 'You do not have permission to act for this import supplier.') {
    super('permission_denied', detail);
  }
}

export class NotFoundError extends DomainError {
  readonly statusCode = 404;
}

/**
 * 409 with optional extra top-level fields (e.g. `service_account_number`), and a
 * `Retry-After` when the conflict clears by itself (another request still holds the lock).
 */
export class ConflictError extends DomainError {
  readonly statusCode = 409;
  constructor(
    code: string,
    detail: string,
    readonly extra: Record<string, unknown> = {},
    override readonly retryAfterSeconds?: number,
  ) {
    super(code, detail);
  }
  override body(): Record<string, unknown> {
    return { detail: this.detail, code: this.code, ...this.extra };
  }
}

/** 409 for a supplier whose status is Paused or Complete. */
export class SupplierNotOngoingError extends DomainError {
  readonly statusCode = 409;
  constructor(readonly supplierStatus: 'Paused' | 'Complete') {
    super('import_supplier_migration_not_ongoing', 'The import supplier is not accepting migrations.');
  }
  override body(): Record<string, unknown> {
    const inner = this.supplierStatus === 'Paused' ? 'import_supplier_paused' : 'import_supplier_complete';
    return {
      detail: this.detail,
      code: this.code,
      errors: [
        {
          attr: 'import_supplier',
          code: inner,
          detail:
            this.supplierStatus === 'Paused'
              ? 'Migrations for this import supplier are paused; more accounts are expected later.'
              : 'Migrations for this import supplier are complete; no more accounts are accepted.',
        },
      ],
    };
  }
}

/** 422: the request is well formed but cannot be accepted as it is (an idempotency key reused for another request). */
export class UnprocessableError extends DomainError {
  readonly statusCode = 422;
}

export class PayloadTooLargeError extends DomainError {
  readonly statusCode = 413;
  constructor() {
    super('payload_too_large', 'The request body is larger than 6 MB.');
  }
}

/**
 * 500/503 for a condition where retrying the same request can succeed (throttling, a
 * vendor outage, a lost race). The detail is safe to show; internals are never included.
 */
export class RetryableError extends DomainError {
  readonly statusCode: number;
  constructor(
    code = 'temporarily_unavailable',
    detail = 'A temporary problem occurred; retry the request as it is.',
    statusCode = 500,
    /** Seconds the client should wait before retrying (the `Retry-After` header). */
    override readonly retryAfterSeconds: number = RETRY_AFTER_SECONDS,
  ) {
    super(code, detail);
    this.statusCode = statusCode;
  }
}

/** The `Retry-After` of a retryable 5xx: a short pause lets concurrent writers finish. */
export const RETRY_AFTER_SECONDS = 1;

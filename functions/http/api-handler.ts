import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { type FieldError, ValidationError } from '../errors.js';
import { withInvocation } from '../invocation-clock.js';
import { logger } from '../logger.js';
import type { ImportedAccount } from '../rules/import-process.js';
import type { ImportSupplier } from '../rules/supplier.js';
import type { CompiledValidator } from '../validation/field-errors.js';
import { toFieldErrors } from '../validation/field-errors.js';
import { type AuthContext, readAuthContext } from './auth-context.js';
import { errorHandler } from './error-handler.js';
import { withIdempotencyKey } from './idempotency.js';
import { findImportedAccount, type ImportedAccountRule } from './imported-account-access.js';
import { parseJsonBody } from './json-body.js';
import { jsonLimitErrors } from './json-limits.js';
import { type ApiResponse, jsonResponse } from './response.js';
import { authorizeSupplier, type SupplierRule } from './supplier-access.js';

export interface BodyRule<B> {
  validate: CompiledValidator<B>;
  /**
   * Top-level code of a 400 (default `invalid_request`; accounts use `account_failed_validation`),
   * or a function choosing it from the field errors (v2 bodies: the account under `payload`).
   */
  summaryCode?: string | ((errors: readonly FieldError[]) => { code: string; detail: string });
  summaryDetail?: string;
  /** An empty body is read as `{}` (requests whose every field is optional). */
  emptyIsObject?: boolean;
}

/** The 400 of a body rule for these field errors. */
function bodyError<B>(rule: BodyRule<B>, errors: FieldError[]): ValidationError {
  if (typeof rule.summaryCode === 'function') {
    const { code, detail } = rule.summaryCode(errors);
    return new ValidationError(errors, code, detail);
  }
  return new ValidationError(
    errors,
    rule.summaryCode ?? 'invalid_request',
    rule.summaryDetail ?? 'The request could not be validated.',
  );
}

/**
 * A stored resource the path names (a bulk job), found before the supplier check because the
 * supplier is the resource's: `find` throws the route's 404 when there is none for the caller.
 */
export interface ResourceRule<R extends { import_supplier: string }> {
  find(request: { auth: AuthContext; path: Readonly<Record<string, string>> }): Promise<R>;
}

export interface ApiHandlerOptions<B> {
  /** The request body's compiled schema; omit for requests without a body. */
  body?: BodyRule<B>;
  /** Where the supplier code comes from and what an unknown or stopped supplier gives. */
  supplier: SupplierRule;
  /**
   * The imported account the request names (post-import endpoints): looked up after the
   * supplier, 404 `account_not_found` when it is not imported; handed over as `account`.
   */
  importedAccount?: ImportedAccountRule;
}

export interface ApiRequest<B> {
  body: B;
  path: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string>>;
  auth: AuthContext;
  supplier: ImportSupplier;
  event: APIGatewayProxyEvent;
}

/** The request of a handler that declared `importedAccount`. */
export interface ApiAccountRequest<B> extends ApiRequest<B> {
  account: ImportedAccount;
}

/** The request of a handler that declared `resource`. */
export interface ApiResourceRequest<B, R> extends ApiRequest<B> {
  resource: R;
}

/**
 * API Gateway (REST) hands path parameters over exactly as the client sent them in the URL,
 * still percent-encoded (`AB%2012%2B3` for `AB 12+3`), so they are decoded here, once, for
 * every handler. `+` is a literal plus in a path (only a query string spells a space `+`).
 * An escape that is not percent-encoded UTF-8 (`%E0%A4%A`, `%zz`) names nothing: 400.
 */
export function decodedPathParameters(
  parameters: Record<string, string | undefined> | null,
): Record<string, string> {
  const result: Record<string, string> = {};
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(parameters ?? {})) {
    if (value === undefined) continue;
    try {
      result[name] = decodeURIComponent(value);
    } catch {
      errors.push({
        attr: name,
        code: 'invalid_encoding',
        detail: 'The URL segment is not valid percent-encoded UTF-8.',
      });
    }
  }
  if (errors.length > 0) throw new ValidationError(errors);
  return result;
}

function isEmptyBody(body: string | null): boolean {
  return body === null || body.trim() === '';
}

/**
 * Query string parameters arrive already decoded (API Gateway decodes them, `+` as a space,
 * as HTML forms encode them): they are only copied, never decoded a second time.
 */
function queryParameters(parameters: Record<string, string | undefined> | null): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(parameters ?? {})) {
    if (value !== undefined) result[name] = value;
  }
  return result;
}

/**
 * Every REST handler is built with this: it checks, in this order, authentication (401) →
 * URL parameters, JSON and request shape (400) → the resource the path names when declared
 * (404: its supplier is the one checked next) → supplier scope (403) → unknown
 * supplier (400/404) → supplier not ongoing (409) → the imported account when declared (404),
 * then calls `handle` with a typed request. Errors thrown anywhere are mapped to responses in
 * one place (error-handler.ts). A POST with an `Idempotency-Key` runs under its key
 * (idempotency.ts): a repeat gets the first answer.
 */
export function apiHandler<B = undefined>(
  options: ApiHandlerOptions<B> & { importedAccount: ImportedAccountRule },
  handle: (request: ApiAccountRequest<B>) => Promise<ApiResponse>,
): ReturnType<typeof middy<APIGatewayProxyEvent, APIGatewayProxyResult>>;
export function apiHandler<B, R extends { import_supplier: string }>(
  options: ApiHandlerOptions<B> & { resource: ResourceRule<R> },
  handle: (request: ApiResourceRequest<B, R>) => Promise<ApiResponse>,
): ReturnType<typeof middy<APIGatewayProxyEvent, APIGatewayProxyResult>>;
export function apiHandler<B = undefined>(
  options: ApiHandlerOptions<B>,
  handle: (request: ApiRequest<B>) => Promise<ApiResponse>,
): ReturnType<typeof middy<APIGatewayProxyEvent, APIGatewayProxyResult>>;
export function apiHandler<B = undefined>(
  options: ApiHandlerOptions<B> & { resource?: ResourceRule<{ import_supplier: string }> },
  handle: (request: ApiAccountRequest<B> & ApiResourceRequest<B, unknown>) => Promise<ApiResponse>,
) {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(errorHandler())
    .handler(async (event, context) =>
      withInvocation(context, () =>
        withIdempotencyKey(
          event,
          () => readAuthContext(event),
          () => handleEvent(event),
        ),
      ),
    );

  async function handleEvent(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
    const auth = readAuthContext(event);
    const path = decodedPathParameters(event.pathParameters);
    const query = queryParameters(event.queryStringParameters);
    let body = undefined as B;
    if (options.body) {
      const raw = options.body.emptyIsObject && isEmptyBody(event.body) ? {} : parseJsonBody(event);
      const limitErrors = jsonLimitErrors(raw);
      if (limitErrors.length > 0) throw bodyError(options.body, limitErrors);
      if (!options.body.validate(raw))
        throw bodyError(options.body, toFieldErrors(options.body.validate.errors ?? []));
      body = raw;
    }
    const resource = options.resource ? await options.resource.find({ auth, path }) : undefined;
    const supplier = await authorizeSupplier(options.supplier, { auth, body, path, query, resource });
    logger.appendKeys({ import_supplier: supplier.code });
    const request: ApiRequest<B> & { resource?: unknown } = {
      body,
      path,
      query,
      auth,
      supplier,
      event,
      ...(resource ? { resource } : {}),
    };
    const withAccount = options.importedAccount
      ? {
          ...request,
          account: await findImportedAccount(options.importedAccount, {
            supplier: supplier.code,
            body,
            path,
          }),
        }
      : request;
    // The overloads give `account` (`resource`) only to handlers that declared `importedAccount` (`resource`).
    return jsonResponse(await handle(withAccount as ApiAccountRequest<B> & ApiResourceRequest<B, unknown>));
  }
}

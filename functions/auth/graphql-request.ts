import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  GraphQLError,
  type GraphQLFormattedError,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { tokenSchema } from './graphql-schema.js';
import { TokenRequestError } from './token-request-error.js';

/**
 * GraphQL over HTTP for the token mutation. A body that is not a GraphQL request (not JSON,
 * no `query`) gives 400; every GraphQL-level problem (syntax, validation, variables, a bad
 * key) gives 200 with `errors[].extensions.errorCode`, as GraphQL servers answer. A failure
 * that is not the caller's (e.g. the table is unavailable) is thrown to the handler, which
 * answers 500 without internals.
 */
export interface GraphqlResponse {
  statusCode: number;
  body: { data?: unknown; errors?: GraphQLFormattedError[] };
}

/** Bounds parsing work: this schema's real queries need a few dozen tokens. */
const MAX_QUERY_TOKENS = 2000;
const MAX_QUERY_LENGTH = 20_000;

export class UnexpectedGraphqlFailure extends Error {
  override name = 'UnexpectedGraphqlFailure';
}

function requestError(statusCode: number, errorCode: string, message: string): GraphqlResponse {
  return { statusCode, body: { errors: [{ message, extensions: { errorCode } }] } };
}

/** graphql-js words for a @oneOf input given none or both of its fields (literal or variables). */
const ONE_OF_VIOLATION = /OneOf Input Object|Exactly one key must be specified|must be non-null/;

function withCode(errors: readonly GraphQLError[], errorCode: string): GraphqlResponse {
  return {
    statusCode: 200,
    body: {
      errors: errors.map((error) => ({
        ...error.toJSON(),
        extensions: {
          errorCode:
            errorCode !== 'graphql_parse_failed' && isOneOfViolation(error) ? 'invalid_input' : errorCode,
        },
      })),
    },
  };
}

function isOneOfViolation(error: GraphQLError): boolean {
  return ONE_OF_VIOLATION.test(error.message) && error.message.includes('ObtainServiceTokenInput');
}

interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

function readRequest(raw: string | null | undefined): GraphqlRequest | GraphqlResponse {
  let body: unknown;
  try {
    body = JSON.parse(raw ?? '');
  } catch {
    return requestError(400, 'parse_error', 'The request body is not valid JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return requestError(400, 'invalid_request', 'The request body must be a JSON object with "query".');
  }
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') {
    return requestError(400, 'invalid_request', '"query" must be a non-empty string.');
  }
  if (query.length > MAX_QUERY_LENGTH) {
    return requestError(400, 'invalid_request', `"query" is longer than ${MAX_QUERY_LENGTH} characters.`);
  }
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) {
    return requestError(400, 'invalid_request', '"variables" must be an object.');
  }
  if (operationName != null && typeof operationName !== 'string') {
    return requestError(400, 'invalid_request', '"operationName" must be a string.');
  }
  return {
    query,
    ...(variables ? { variables: variables as Record<string, unknown> } : {}),
    ...(typeof operationName === 'string' ? { operationName } : {}),
  };
}

/** The errorCode of one execution error; throws for a failure that is not the caller's. */
function executionErrorCode(error: GraphQLError): string {
  const cause = error.originalError;
  if (cause instanceof TokenRequestError) return cause.errorCode;
  if (cause && !(cause instanceof GraphQLError)) {
    throw new UnexpectedGraphqlFailure('A resolver failed unexpectedly', { cause });
  }
  // graphql-js's own request errors: variables, operation selection, unsupported operation.
  if (isOneOfViolation(error)) return 'invalid_input';
  return error.message.startsWith('Variable ') ? 'invalid_variables' : 'graphql_validation_failed';
}

function formatExecution(result: ExecutionResult): GraphqlResponse {
  if (!result.errors?.length) return { statusCode: 200, body: { data: result.data } };
  const errors = result.errors.map((error) => ({
    ...error.toJSON(),
    extensions: { errorCode: executionErrorCode(error) },
  }));
  return { statusCode: 200, body: { ...('data' in result ? { data: result.data } : {}), errors } };
}

export async function handleGraphqlRequest(raw: string | null | undefined): Promise<GraphqlResponse> {
  const request = readRequest(raw);
  if (!('query' in request)) return request;
  let document: DocumentNode;
  try {
    document = parse(request.query, { maxTokens: MAX_QUERY_TOKENS });
  } catch (error) {
    if (error instanceof GraphQLError) return withCode([error], 'graphql_parse_failed');
    throw error;
  }
  const validationErrors = validate(tokenSchema, document, specifiedRules);
  if (validationErrors.length > 0) return withCode(validationErrors, 'graphql_validation_failed');
  const result = await execute({
    schema: tokenSchema,
    document,
    variableValues: request.variables,
    operationName: request.operationName,
  });
  return formatExecution(result);
}

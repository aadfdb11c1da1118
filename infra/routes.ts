/**
 * Every function of the service, defined once. The CDK stack creates one Lambda per entry
 * (and an API Gateway route for each `route`); the local runtime serves the same routes
 * with the same handler modules. Handlers live in `functions/handlers/<id>.ts` and export
 * `handler`.
 */

import { DEFAULT_FUNCTION_TIMEOUT_SECONDS, MAX_CLAIM_MARGIN_SECONDS } from '../functions/invocation-clock.js';
import { WORKER_TIMEOUT_SECONDS } from '../functions/rules/account-task/engine.js';

export type TableAccess = 'none' | 'read' | 'read-write';

export interface FunctionDefinition {
  /** kebab-case id: file name of the handler and base of the Lambda's name. */
  id: string;
  description: string;
  /** The REST route, when the function serves one. Paths use `{param}` placeholders. */
  route?: {
    method: 'GET' | 'POST';
    path: string;
    /** false only for the token mutation, which is how callers get a token. */
    authorized: boolean;
  };
  table: TableAccess;
  /** Reads object metadata in the documents bucket (document paths are checked there). */
  readsDocuments?: boolean;
  /** Reads the token-signing key (Secrets Manager in the cloud). */
  readsSigningKey?: boolean;
  /** Reads payment vendor credentials. */
  readsVendorCredentials?: boolean;
  /** Validates enumerations that per-environment configuration extends (DATA_IMPORT_EXTRA_CHOICES). */
  readsExtraChoices?: boolean;
  /** Hands v2 account tasks to the task queue (DATA_IMPORT_TASK_QUEUE_URL, sqs:SendMessage). */
  sendsTasks?: boolean;
  /**
   * The function's timeout in seconds (default DEFAULT_FUNCTION_TIMEOUT_SECONDS, 10 s): the stack
   * configures the Lambda with it, the local runtime gives each invocation the same deadline,
   * and every claim the function takes expires at its invocation's end plus a margin.
   */
  timeoutSeconds?: number;
  /** Takes exclusive claims (the creation lock, a task's lease): a caller may wait as long as one lasts. */
  holdsClaims?: boolean;
}

const base = '/v1/data-import';
const v2Accounts = '/v2/data-import/accounts';

export const apiFunctions = [
  {
    id: 'obtain-service-token',
    description: 'POST /v1/graphql/: the obtainServiceToken mutation (API key or refresh token → token)',
    route: { method: 'POST', path: '/v1/graphql', authorized: false },
    table: 'read-write',
    readsSigningKey: true,
  },
  {
    id: 'validate-account',
    description: 'Validates and normalises an account payload without storing it',
    route: { method: 'POST', path: `${base}/validate-account`, authorized: true },
    table: 'read',
  },
  {
    id: 'stage-account',
    description: 'Stages (creates or replaces) an account import process',
    route: { method: 'POST', path: `${base}/account-import-process/create-or-update`, authorized: true },
    table: 'read-write',
  },
  {
    id: 'process-account',
    description: 'Creates the platform account of a staged import process (or dry-runs it)',
    route: { method: 'POST', path: `${base}/account-import-process/process`, authorized: true },
    table: 'read-write',
    holdsClaims: true,
  },
  {
    id: 'get-account-transfer-status',
    description: 'Endpoint 5: status of one account import',
    route: {
      method: 'GET',
      path: `${base}/account-transfer-status/{import_supplier}/{external_account_number}`,
      authorized: true,
    },
    table: 'read',
  },
  {
    id: 'list-all-import-processes',
    description: 'Endpoint 6: all (pending and imported) account imports of a supplier',
    route: {
      method: 'GET',
      path: `${base}/all-account-import-processes/{import_supplier}`,
      authorized: true,
    },
    table: 'read',
    readsSigningKey: true, // list cursors are signed with a key derived from it
  },
  {
    id: 'list-pending-import-processes',
    description: 'Endpoint 7: pending account imports of a supplier',
    route: {
      method: 'GET',
      path: `${base}/pending-account-import-processes/{import_supplier}`,
      authorized: true,
    },
    table: 'read',
    readsSigningKey: true, // list cursors are signed with a key derived from it
  },
  {
    id: 'list-imported-import-processes',
    description: 'Endpoint 8: imported account imports of a supplier',
    route: {
      method: 'GET',
      path: `${base}/imported-account-import-processes/{import_supplier}`,
      authorized: true,
    },
    table: 'read',
    readsSigningKey: true, // list cursors are signed with a key derived from it
  },
  {
    id: 'get-account-summary',
    description: 'Reconciliation summary of an imported account (counts, totals, id fingerprints)',
    route: {
      method: 'GET',
      path: `${base}/account-summary/{import_supplier}/{external_account_number}`,
      authorized: true,
    },
    table: 'read',
  },
  {
    id: 'get-supplier-summary',
    description: 'An import supplier: status, root location and counts of its accounts',
    route: { method: 'GET', path: `${base}/import-suppliers/{import_supplier}`, authorized: true },
    table: 'read',
  },
  {
    id: 'create-notes',
    description: 'Endpoint 1: notes for an imported account',
    route: { method: 'POST', path: `${base}/notes/create`, authorized: true },
    table: 'read-write',
    readsDocuments: true,
  },
  {
    id: 'create-transactions',
    description: 'Endpoint 2: financial transactions for an imported account',
    route: { method: 'POST', path: `${base}/transactions/create`, authorized: true },
    table: 'read-write',
    readsExtraChoices: true,
  },
  {
    id: 'create-historical-statements',
    description: 'Endpoint 3: historical PDF statements for an imported account',
    route: { method: 'POST', path: `${base}/historical-statements/create`, authorized: true },
    table: 'read-write',
    readsDocuments: true,
  },
  {
    id: 'create-payment-instruction',
    description: 'Endpoint 4: a payment instruction verified with the payment vendor',
    route: { method: 'POST', path: `${base}/payment-instruction/create`, authorized: true },
    table: 'read-write',
    readsVendorCredentials: true,
    readsExtraChoices: true,
  },
  {
    id: 'validate-account-task',
    description: 'v2: validates an account payload exactly as scheduling does, keeping nothing',
    route: { method: 'POST', path: `${v2Accounts}/validate`, authorized: true },
    table: 'read',
  },
  {
    id: 'schedule-account-task',
    description: 'v2: schedules (or replaces) an account import task within a schedule window',
    route: { method: 'POST', path: v2Accounts, authorized: true },
    table: 'read-write',
  },
  {
    id: 'get-account-task',
    description: 'v2: status of the latest account import task of an account',
    route: {
      method: 'GET',
      path: `${v2Accounts}/{import_supplier}/{external_account_number}`,
      authorized: true,
    },
    table: 'read',
  },
  {
    id: 'get-meter-point-statuses',
    description: 'Registration status of each meter point of an imported account',
    route: {
      method: 'GET',
      path: `${base}/meterpoint-statuses-for-account/{import_supplier}/{external_account_number}`,
      authorized: true,
    },
    table: 'read',
  },
  {
    id: 'cancel-account-task',
    description: 'v2: cancels a PENDING account import task',
    route: {
      method: 'POST',
      path: `${v2Accounts}/{import_supplier}/{external_account_number}/cancel`,
      authorized: true,
    },
    table: 'read-write',
  },
  {
    id: 'send-registration-flows',
    description: 'Requests the registration of the meter points of an imported account (join-supplier)',
    route: {
      method: 'POST',
      path: `${base}/send-registration-flows/{import_supplier}/{external_account_number}`,
      authorized: true,
    },
    table: 'read-write',
  },
] as const satisfies readonly FunctionDefinition[];

/**
 * Static documents served without a token and without a function: the cloud answers them
 * from API Gateway itself (a mock integration whose response is the file), the local
 * runtime reads the same file. `file` is relative to the project root.
 */
export interface DocumentRoute {
  id: string;
  description: string;
  route: { method: 'GET'; path: string; authorized: false };
  file: string;
  contentType: string;
}

export const documentRoutes = [
  {
    id: 'get-openapi-document',
    description: 'The OpenAPI 3.1 document of this API',
    route: { method: 'GET', path: `${base}/openapi.json`, authorized: false },
    file: 'docs/api/openapi.json',
    contentType: 'application/json',
  },
] as const satisfies readonly DocumentRoute[];

/** Functions without a route. */
export const backgroundFunctions = {
  authorizer: {
    id: 'authorizer',
    description: 'API Gateway token authorizer: verifies the token, passes organisation and supplier scope',
    table: 'none',
    readsSigningKey: true,
  },
  publisher: {
    id: 'publish-outbox-events',
    description: 'Table stream → EventBridge PutEvents (the outbox publisher)',
    table: 'none',
    timeoutSeconds: 60,
  },
  expiry: {
    id: 'cancel-expired-import-processes',
    description: 'Scheduled: cancels staged import processes left unprocessed past their expiry window',
    table: 'read-write',
    timeoutSeconds: 300,
  },
  taskWorker: {
    id: 'run-account-tasks',
    description: 'v2 worker: imports the accounts of queued tasks (SQS event source)',
    table: 'read-write',
    timeoutSeconds: WORKER_TIMEOUT_SECONDS,
    holdsClaims: true,
  },
  taskHandOver: {
    id: 'hand-over-started-tasks',
    description: 'Table stream → v2 tasks written with their window started go to the task queue at once',
    table: 'read-write',
    sendsTasks: true,
    timeoutSeconds: 30,
  },
  taskSweep: {
    id: 'sweep-account-tasks',
    description: 'Scheduled: hands due v2 tasks to the queue, re-hands abandoned ones, cancels ended windows',
    table: 'read-write',
    sendsTasks: true,
    timeoutSeconds: 60,
  },
  lifecycleUpdates: {
    id: 'apply-join-supplier-outcomes',
    description:
      'EventBridge rule → join-supplier completed/cancelled from other producers → meter point statuses',
    table: 'read-write',
  },
} as const satisfies Record<string, FunctionDefinition>;

/** The timeout of `definition`'s function, in seconds. */
export function functionTimeoutSeconds(definition: FunctionDefinition): number {
  return definition.timeoutSeconds ?? DEFAULT_FUNCTION_TIMEOUT_SECONDS;
}

/**
 * The longest a claim can last, in seconds: the longest timeout of a function that takes claims
 * plus the largest margin. A client that keeps retrying a 409 `import_process_in_progress` this
 * long always finds the claim released or free.
 */
export function longestClaimSeconds(): number {
  const holders = [...apiFunctions, ...Object.values(backgroundFunctions)].filter(
    (definition: FunctionDefinition) => definition.holdsClaims,
  );
  return Math.max(...holders.map(functionTimeoutSeconds)) + MAX_CLAIM_MARGIN_SECONDS;
}

export type ApiFunctionId = (typeof apiFunctions)[number]['id'];

/** `/v1/data-import/x` → the path a client calls (`/v1/data-import/x/`), as the spec writes it (v2 alike). */
export function publicPath(path: string): string {
  return `${path}/`;
}

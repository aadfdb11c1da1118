import { MAX_CLAIM_MARGIN_SECONDS } from '../functions/invocation-clock.js';
import { WORKER_TIMEOUT_SECONDS } from '../functions/rules/account-task/engine.js';
import {
  READER_TIMEOUT_SECONDS as BULK_READER_TIMEOUT_SECONDS,
  WORKER_TIMEOUT_SECONDS as BULK_WORKER_TIMEOUT_SECONDS,
} from '../functions/rules/bulk-jobs/engine.js';
import {
  type FunctionDefinition,
  functionTimeoutSeconds,
  ITEM_ACTIONS,
  type TableUse,
} from './function-definition.js';

/**
 * Every function of the service, defined once. The CDK stack creates one Lambda per entry
 * (and an API Gateway route for each `route`); the local runtime serves the same routes
 * with the same handler modules. Handlers live in `functions/handlers/<id>.ts` and export
 * `handler`. Every authorized POST updates its idempotency key's record (UpdateItem), alone or in
 * the transaction of its last write. What an entry declares it uses is all its role is granted: the least-privilege
 * test fails when the code calls more, or less. What an entry may declare is in ./function-definition.ts.
 */

const base = '/v1/data-import';
const v2Accounts = '/v2/data-import/accounts';
const v2BulkJobs = '/v2/data-import/bulk-jobs';

export const apiFunctions = [
  {
    id: 'obtain-service-token',
    description: 'POST /v1/graphql/: the obtainServiceToken mutation (API key or refresh token → token)',
    route: { method: 'POST', path: '/v1/graphql', authorized: false },
    table: { items: ['GetItem', 'PutItem', 'DeleteItem'] },
    readsSigningKey: true,
  },
  {
    id: 'validate-account',
    description: 'Validates and normalises an account payload without storing it',
    route: { method: 'POST', path: `${base}/validate-account`, authorized: true },
    // UpdateItem: its idempotency key's record (every authorized POST keeps its answer under its key).
    // Query: the reference data (one partition, functions/store/reference-data-store.ts).
    table: { items: ['GetItem', 'Query', 'UpdateItem'] },
  },
  {
    id: 'stage-account',
    description: 'Stages (creates or replaces) an account import process',
    route: { method: 'POST', path: `${base}/account-import-process/create-or-update`, authorized: true },
    // Query: the reference data its account's rules are judged against.
    table: { items: ['GetItem', 'Query', 'PutItem', 'UpdateItem'] },
  },
  {
    id: 'process-account',
    description: 'Creates the platform account of a staged import process (or dry-runs it)',
    route: { method: 'POST', path: `${base}/account-import-process/process`, authorized: true },
    table: { items: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'] },
    holdsClaims: true,
    // Creation checks the account's documents and asks the payment vendor of its instructions.
    readsDocuments: true,
    readsVendorCredentials: true,
  },
  {
    id: 'get-account-transfer-status',
    description: 'Endpoint 5: status of one account import',
    route: {
      method: 'GET',
      path: `${base}/account-transfer-status/{import_supplier}/{external_account_number}`,
      authorized: true,
    },
    table: { items: ['GetItem'] },
  },
  {
    id: 'list-all-import-processes',
    description: 'Endpoint 6: all (pending and imported) account imports of a supplier',
    route: {
      method: 'GET',
      path: `${base}/all-account-import-processes/{import_supplier}`,
      authorized: true,
    },
    table: { items: ['GetItem'], queries: ['gsi1'] },
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
    table: { items: ['GetItem'], queries: ['gsi2'] },
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
    table: { items: ['GetItem'], queries: ['gsi2'] },
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
    table: { items: ['GetItem', 'Query'] },
  },
  {
    id: 'get-supplier-summary',
    description: 'An import supplier: status, root location and counts of its accounts',
    route: { method: 'GET', path: `${base}/import-suppliers/{import_supplier}`, authorized: true },
    table: { items: ['GetItem', 'Query'] },
  },
  {
    id: 'create-notes',
    description: 'Endpoint 1: notes for an imported account',
    route: { method: 'POST', path: `${base}/notes/create`, authorized: true },
    table: { items: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem'] },
    readsDocuments: true,
  },
  {
    id: 'create-transactions',
    description: 'Endpoint 2: financial transactions for an imported account',
    route: { method: 'POST', path: `${base}/transactions/create`, authorized: true },
    table: { items: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem'] },
    readsExtraChoices: true,
  },
  {
    id: 'create-historical-statements',
    description: 'Endpoint 3: historical PDF statements for an imported account',
    route: { method: 'POST', path: `${base}/historical-statements/create`, authorized: true },
    table: { items: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem'] },
    readsDocuments: true,
  },
  {
    id: 'create-payment-instruction',
    description: 'Endpoint 4: a payment instruction verified with the payment vendor',
    route: { method: 'POST', path: `${base}/payment-instruction/create`, authorized: true },
    table: { items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
    readsVendorCredentials: true,
    readsExtraChoices: true,
  },
  {
    id: 'validate-account-task',
    description: 'v2: validates an account payload exactly as scheduling does, keeping nothing',
    route: { method: 'POST', path: `${v2Accounts}/validate`, authorized: true },
    // UpdateItem: its idempotency key's record. Query: the reference data.
    table: { items: ['GetItem', 'Query', 'UpdateItem'] },
  },
  {
    id: 'schedule-account-task',
    description: 'v2: schedules (or replaces) an account import task within a schedule window',
    route: { method: 'POST', path: v2Accounts, authorized: true },
    table: { items: ['GetItem', 'Query', 'PutItem', 'UpdateItem'] },
  },
  {
    id: 'get-account-task',
    description: 'v2: status of the latest account import task of an account',
    route: {
      method: 'GET',
      path: `${v2Accounts}/{import_supplier}/{external_account_number}`,
      authorized: true,
    },
    table: { items: ['GetItem', 'Query'] },
  },
  {
    id: 'get-meter-point-statuses',
    description: 'Registration status of each meter point of an imported account',
    route: {
      method: 'GET',
      path: `${base}/meterpoint-statuses-for-account/{import_supplier}/{external_account_number}`,
      authorized: true,
    },
    table: { items: ['GetItem', 'BatchGetItem'] },
  },
  {
    id: 'cancel-account-task',
    description: 'v2: cancels a PENDING account import task',
    route: {
      method: 'POST',
      path: `${v2Accounts}/{import_supplier}/{external_account_number}/cancel`,
      authorized: true,
    },
    table: { items: ['GetItem', 'Query', 'PutItem', 'UpdateItem'] },
  },
  {
    id: 'send-registration-flows',
    description: 'Requests the registration of the meter points of an imported account (join-supplier)',
    route: {
      method: 'POST',
      path: `${base}/send-registration-flows/{import_supplier}/{external_account_number}`,
      authorized: true,
    },
    table: { items: ['GetItem', 'BatchGetItem', 'PutItem', 'UpdateItem'] },
  },
  {
    id: 'create-bulk-job',
    description: 'v2: creates a bulk import job and a presigned URL to upload its file of account bundles',
    route: { method: 'POST', path: v2BulkJobs, authorized: true },
    // UpdateItem: its idempotency key's record.
    table: { items: ['GetItem', 'PutItem', 'UpdateItem'] },
    bulkJobObjects: ['sign-uploads'],
  },
  {
    id: 'start-bulk-job',
    description: 'v2: starts a bulk import job whose file is uploaded: hands it to the reader',
    route: { method: 'POST', path: `${v2BulkJobs}/{job_id}/start`, authorized: true },
    table: { items: ['GetItem', 'UpdateItem'] },
    bulkJobObjects: ['check-inputs'],
    sendsBulkJobReads: true,
  },
  {
    id: 'get-bulk-job',
    description: 'v2: a bulk import job: state, line counts, upload and results URLs',
    route: { method: 'GET', path: `${v2BulkJobs}/{job_id}`, authorized: true },
    table: { items: ['GetItem', 'BatchGetItem'] },
    bulkJobObjects: ['sign-uploads', 'sign-downloads'],
  },
  {
    id: 'abort-bulk-job',
    description: 'v2: aborts a bulk import job: no new line starts, the rest end NOT_PROCESSED',
    route: { method: 'POST', path: `${v2BulkJobs}/{job_id}/abort`, authorized: true },
    table: { items: ['GetItem', 'BatchGetItem', 'UpdateItem'] },
    // The aborted job it shows may have its results written already.
    bulkJobObjects: ['sign-downloads'],
  },
  {
    id: 'list-bulk-jobs',
    description: "v2: an organisation's bulk import jobs for a supplier, newest first",
    route: { method: 'GET', path: v2BulkJobs, authorized: true },
    table: { items: ['GetItem', 'BatchGetItem'], queries: ['gsi3'] },
    bulkJobObjects: ['sign-uploads', 'sign-downloads'],
    readsSigningKey: true, // list cursors are signed with a key derived from it
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
    readsSigningKey: true,
  },
  publisher: {
    id: 'publish-outbox-events',
    description: 'Table stream → EventBridge PutEvents (the outbox publisher)',
    timeoutSeconds: 60,
  },
  expiry: {
    id: 'cancel-expired-import-processes',
    description: 'Scheduled: cancels staged import processes left unprocessed past their expiry window',
    table: { items: ['PutItem', 'UpdateItem', 'DeleteItem'], queries: ['gsi2', 'gsi3'] },
    timeoutSeconds: 300,
  },
  taskWorker: {
    id: 'run-account-tasks',
    description: 'v2 worker: imports the accounts of queued tasks (SQS event source)',
    table: { items: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'] },
    timeoutSeconds: WORKER_TIMEOUT_SECONDS,
    holdsClaims: true,
    // It creates accounts as process/ does: their documents and payment vendors are checked.
    readsDocuments: true,
    readsVendorCredentials: true,
  },
  taskHandOver: {
    id: 'hand-over-started-tasks',
    description: 'Table stream → v2 tasks written with their window started go to the task queue at once',
    table: { items: ['UpdateItem'] },
    sendsTasks: true,
    timeoutSeconds: 30,
  },
  taskSweep: {
    id: 'sweep-account-tasks',
    description: 'Scheduled: hands due v2 tasks to the queue, re-hands abandoned ones, cancels ended windows',
    table: { items: ['PutItem', 'UpdateItem'], queries: ['gsi3', 'gsi4'] },
    sendsTasks: true,
    timeoutSeconds: 60,
  },
  bulkJobReader: {
    id: 'read-bulk-job',
    description:
      'Bulk jobs reader: reads a started job’s file once, sends its lines to the lines queue (SQS event source)',
    table: { items: ['GetItem', 'BatchGetItem', 'UpdateItem'] },
    bulkJobObjects: ['check-inputs', 'read-inputs'],
    sendsBulkJobLines: true,
    // A reader that runs out of time hands its job to the reader queue again.
    sendsBulkJobReads: true,
    // Its claim (a job's read) is only ever waited for by another reader.
    timeoutSeconds: BULK_READER_TIMEOUT_SECONDS,
  },
  bulkJobWorker: {
    id: 'run-bulk-job-lines',
    description:
      'Bulk jobs worker: runs the lines of a chunk through the import routes in process; writes the results (SQS event source)',
    // Each line runs the steps of `npm run etl -- load` (validate for a dry run, else stage and
    // process: their handlers, in process): the routes' own access, and its own on the job's items.
    // Before each chunk it reads the job's organisation and its keys (gsi3): a job acts only with
    // current authority.
    table: tableUseWith(
      {
        items: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'],
        queries: ['gsi3'],
      },
      ['validate-account', 'stage-account', 'process-account'],
    ),
    bulkJobObjects: ['read-inputs', 'write-results'],
    sendsBulkJobLines: true,
    // Its process step creates accounts as process/ does: their documents and payment vendors are checked.
    readsDocuments: true,
    readsVendorCredentials: true,
    // Its line claims are only ever waited for by another worker; the claims a line's steps take
    // (the creation lock) expire with the step, as in the route's own function.
    timeoutSeconds: BULK_WORKER_TIMEOUT_SECONDS,
  },
  lifecycleUpdates: {
    id: 'apply-join-supplier-outcomes',
    description:
      'EventBridge rule → join-supplier completed/cancelled from other producers → meter point statuses',
    table: { items: ['BatchGetItem', 'PutItem', 'UpdateItem'] },
  },
} as const satisfies Record<string, FunctionDefinition>;

/** `own` and the table use of the API functions `ids`: what a function running their handlers in process needs. */
function tableUseWith(own: TableUse, ids: readonly ApiFunctionId[]): TableUse {
  const uses: TableUse[] = [
    own,
    ...ids.map(
      (id) =>
        (apiFunctions.find((definition) => definition.id === id) as FunctionDefinition).table ?? {
          items: [],
        },
    ),
  ];
  const items = new Set(uses.flatMap((use) => use.items));
  const queries = new Set(uses.flatMap((use) => use.queries ?? []));
  return {
    items: ITEM_ACTIONS.filter((action) => items.has(action)),
    ...(queries.size === 0 ? {} : { queries: [...queries].sort() }),
  };
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

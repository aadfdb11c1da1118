import { randomUUID } from 'node:crypto';
import { keys } from '../../../functions/store/keys.js';
import { type ApiFunctionId, apiFunctions, publicPath } from '../../../infra/routes.js';
import { paths as accountPaths, accountPayload } from '../../accounts/support/accounts.js';
import { exampleTransactions } from '../../post-import/support/post-import-api.js';
import type { Prepared } from './post-fuzz.js';
import { accountPartition, type HostileWorld, importPartition, uniqueExternal } from './world.js';

/**
 * What the fuzz suites need to know about each route of infra/routes.ts, in one map keyed by
 * the route's id. The suites iterate the route table and look their route up here, so a new
 * endpoint is fuzzed as soon as it has an entry, and the map's type (and a unit test) fail
 * until it has one.
 *
 * - A POST route gives a valid request for a fresh account of the world (the fuzzer mutates
 *   it); the token mutation answers like GraphQL (200 or 400 with `errors[].extensions`).
 * - A GET route gives, per path parameter, the values that exist in the world (the fuzzer
 *   mixes them with hostile segments), and whether it answers a list.
 */
export interface PostPlan {
  method: 'POST';
  /** The token mutation answers GraphQL errors, not the REST error body. */
  answers?: 'graphql';
  /** A valid request for a fresh account of the world. */
  prepare(world: HostileWorld): Promise<Prepared>;
  /** The transactions endpoint answers item failures with the TRANSACTION_IMPORT_ERROR body. */
  transactions?: boolean;
  /** Fuzz the transactions endpoint's URL parameters too. */
  query?: boolean;
  /**
   * Waits, after a 2xx, for the work the answer started in the background (a v2 task the
   * engine runs at once), so that it cannot change the table under a later case's fingerprint.
   */
  settle?(answer: unknown): Promise<void>;
}

/** What a GET suite has made in its world before fuzzing. */
export interface GetWorld {
  world: HostileWorld;
  /** External account numbers staged or imported under the world's supplier. */
  externals: readonly string[];
  /** Ids of bulk jobs created for the world's supplier. */
  bulkJobs: readonly string[];
}

export interface GetPlan {
  method: 'GET';
  /** An array of processes (a list endpoint) rather than one object. */
  list: boolean;
  /** Keys of a 200 answer that is one object. */
  objectKeys?: readonly string[];
  /** Existing values of each path parameter, already percent-encoded. */
  known: Record<string, (state: GetWorld) => string[]>;
}

export type FuzzPlan = PostPlan | GetPlan;

/** A valid account payload for a fresh external account number of the world's supplier. */
function freshStaging(world: HostileWorld): Prepared {
  const external = uniqueExternal('HZA');
  return {
    body: accountPayload({ external_account_number: external }, world.supplier),
    partitions: [importPartition(world.supplier, external)],
    identifiers: [external],
  };
}

/** A fresh imported account of the world and a valid post-import request for it. */
async function freshImportedAccount(
  world: HostileWorld,
  body: (ref: Record<string, string>) => Record<string, unknown>,
): Promise<Prepared> {
  // Imported lazily: it writes to the table, which a unit test of this map must not reach.
  const { createImportedAccount } = await import('../../post-import/support/imported-account.js');
  const external = uniqueExternal('HZP');
  const account = await createImportedAccount({
    supplier: world.supplier,
    externalAccountNumber: external,
    openPeriodStart: '2026-01-01',
  });
  const ref = { import_supplier: world.supplier, external_account_number: external };
  return {
    body: body(ref),
    partitions: [accountPartition(account.service_account_number), importPartition(world.supplier, external)],
    identifiers: [external],
  };
}

const suppliersOf = ({ world }: GetWorld) => [world.supplier, world.paused];

/** A new OPEN bulk job of the world's supplier (nothing uploaded), as a POST plan's path segment. */
async function freshBulkJob(world: HostileWorld): Promise<Prepared> {
  const { api } = await import('../../support/http.js');
  const response = await api('POST', '/v2/data-import/bulk-jobs/', {
    token: world.token,
    body: { import_supplier: world.supplier },
  });
  if (response.status !== 201)
    throw new Error(`creating a bulk job for the fuzz answered ${response.status}`);
  const jobId = String(response.json.job_id);
  return {
    body: {},
    partitions: [keys.bulkJob(jobId).pk],
    identifiers: [jobId],
    segments: { job_id: jobId },
  };
}
const externalsOf = ({ externals }: GetWorld) => externals.map(encodeURIComponent);

export const fuzzPlans = {
  'obtain-service-token': {
    method: 'POST',
    answers: 'graphql',
    prepare: async () => ({
      body: {
        query:
          'mutation Obtain($input: ObtainServiceTokenInput!) { obtainServiceToken(input: $input) { token payload } }',
        variables: { input: { APIKey: 'hostile-wrong-key' } },
        operationName: 'Obtain',
      },
      partitions: [],
      identifiers: [],
    }),
  },
  'validate-account': { method: 'POST', prepare: async (world) => freshStaging(world) },
  'stage-account': { method: 'POST', prepare: async (world) => freshStaging(world) },
  'process-account': {
    method: 'POST',
    async prepare(world) {
      const { api } = await import('../../support/http.js');
      const staged = freshStaging(world);
      const response = await api('POST', accountPaths.stage, { token: world.token, body: staged.body });
      if (response.status !== 201)
        throw new Error(`staging for the process fuzz answered ${response.status}`);
      const [external] = staged.identifiers;
      return {
        ...staged,
        body: {
          import_supplier: world.supplier,
          external_account_number: external,
          dry_run: false,
          operations_team_name: 'Migrations',
        },
      };
    },
  },
  'get-account-transfer-status': {
    method: 'GET',
    list: false,
    objectKeys: ['service_account_number', 'status'],
    known: { import_supplier: suppliersOf, external_account_number: externalsOf },
  },
  'get-account-summary': {
    method: 'GET',
    list: false,
    objectKeys: [
      'created',
      'external_account_number',
      'import_supplier',
      'notes',
      'payment_instruction',
      'service_account_number',
      'statements',
      'status',
      'transactions',
    ],
    known: { import_supplier: suppliersOf, external_account_number: externalsOf },
  },
  'get-supplier-summary': {
    method: 'GET',
    list: false,
    objectKeys: ['accounts', 'code', 'root_location', 'settings', 'status'],
    known: { import_supplier: suppliersOf },
  },
  'list-all-import-processes': { method: 'GET', list: true, known: { import_supplier: suppliersOf } },
  'list-pending-import-processes': { method: 'GET', list: true, known: { import_supplier: suppliersOf } },
  'list-imported-import-processes': { method: 'GET', list: true, known: { import_supplier: suppliersOf } },
  'create-notes': {
    method: 'POST',
    prepare: (world) =>
      freshImportedAccount(world, (ref) => ({
        ...ref,
        notes: [
          {
            body: 'Moved from the legacy system',
            created_at: '2026-01-02T10:00:00Z',
            is_pinned: true,
            unpin_at: '2026-12-31T00:00:00Z',
          },
          { document_paths: [{ document_path: world.documentPath }], external_id: 'N-1', is_archived: false },
        ],
        dry_run: false,
      })),
  },
  'create-transactions': {
    method: 'POST',
    transactions: true,
    query: true,
    prepare: (world) =>
      freshImportedAccount(world, (ref) => ({
        ...ref,
        transactions: [
          exampleTransactions.charge('T1', '2026-01-05'),
          exampleTransactions.payment('T2', '2026-01-06'),
          { ...exampleTransactions.supplyCharge('T3', '2025-12-01'), billing_document_identifier: 'BILL-1' },
        ],
        dry_run: false,
      })),
  },
  'create-historical-statements': {
    method: 'POST',
    prepare: (world) =>
      freshImportedAccount(world, (ref) => ({
        ...ref,
        statements: [
          {
            statement_id: 'S-1',
            bill_period_from_date: '2025-01-01',
            bill_period_to_date: '2025-01-31',
            issued_date: '2025-02-03',
            number: '1001',
            gross_amount: 123.45,
            statement_path: world.documentPath,
            average_daily_usage: 8.25,
            total_consumption: 255.75,
            total_consumption_cost: 76.73,
            total_feed_in_cost: 0,
            total_feed_in_energy: 0,
            total_supply_cost: 123.45,
            is_reversed: false,
            net_emissions: [
              {
                from_time: '2025-01-01T00:00:00Z',
                to_time: '2025-02-01T00:00:00Z',
                kg_co2_net_emissions: 51.2,
              },
            ],
          },
        ],
        dry_run: false,
      })),
  },
  'create-payment-instruction': {
    method: 'POST',
    prepare: (world) =>
      freshImportedAccount(world, (ref) => ({
        ...ref,
        vendor: 'STRIPE',
        reference: `pm_hz_${randomUUID().slice(0, 8)}`,
        type: 'CARD',
        instruction_reference: 'MANDATE-1',
        ledger_code: 'MAIN',
        use_for_scheduled_payments: true,
        valid_from: '2026-01-01',
        dry_run: false,
      })),
  },
  'validate-account-task': {
    method: 'POST',
    prepare: async (world) => {
      const staged = freshStaging(world);
      return { ...staged, body: { payload: staged.body } };
    },
  },
  'schedule-account-task': {
    method: 'POST',
    prepare: async (world) => {
      const staged = freshStaging(world);
      return { ...staged, body: { payload: staged.body, task_params: { is_dry_run: true } } };
    },
    // A mutated body may schedule a real task whose window is open: the engine then creates
    // the account (its process moves to IMPORTED) while later cases are being fingerprinted.
    async settle(answer) {
      const { waitForTaskToEnd } = await import('./task-settling.js');
      await waitForTaskToEnd(answer);
    },
  },
  'get-account-task': {
    method: 'GET',
    list: false,
    known: { import_supplier: suppliersOf, external_account_number: externalsOf },
  },
  'cancel-account-task': {
    method: 'POST',
    async prepare(world) {
      const { api } = await import('../../support/http.js');
      const staged = freshStaging(world);
      const [external] = staged.identifiers as [string];
      const window = new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const response = await api('POST', '/v2/data-import/accounts/', {
        token: world.token,
        body: { payload: staged.body, task_params: { schedule_window_start: window } },
      });
      if (response.status !== 201)
        throw new Error(`scheduling for the cancel fuzz answered ${response.status}`);
      return {
        ...staged,
        body: {},
        segments: { import_supplier: world.supplier, external_account_number: encodeURIComponent(external) },
      };
    },
  },
  'get-meter-point-statuses': {
    method: 'GET',
    list: true,
    known: { import_supplier: suppliersOf, external_account_number: externalsOf },
  },
  'send-registration-flows': {
    method: 'POST',
    async prepare(world) {
      const prepared = await freshImportedAccount(world, () => ({ dry_run: false }));
      const [external] = prepared.identifiers;
      return {
        ...prepared,
        segments: {
          import_supplier: encodeURIComponent(world.supplier),
          external_account_number: encodeURIComponent(external ?? ''),
        },
      };
    },
  },
  'create-bulk-job': {
    method: 'POST',
    prepare: async (world) => ({
      body: { import_supplier: world.supplier, dry_run: true },
      partitions: [],
      identifiers: [],
    }),
  },
  'start-bulk-job': { method: 'POST', prepare: freshBulkJob },
  'abort-bulk-job': { method: 'POST', prepare: freshBulkJob },
  'get-bulk-job': {
    method: 'GET',
    list: false,
    objectKeys: [
      'created_at',
      'dry_run',
      'error',
      'finished_at',
      'import_supplier',
      'job_id',
      'lines',
      'results_url',
      'started_at',
      'state',
      'upload',
    ],
    known: { job_id: ({ bulkJobs }) => [...bulkJobs] },
  },
  // Without `import_supplier` in the fuzzed query string, every case is a 400: never a 5xx.
  'list-bulk-jobs': { method: 'GET', list: true, known: {} },
} satisfies Record<ApiFunctionId, FuzzPlan>;

/** The `{param}` names of a route's path, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

/** The path a client calls, with each `{param}` replaced by the given (on-the-wire) segment. */
export function fillPath(path: string, segments: Record<string, string>): string {
  return publicPath(path).replace(/\{(\w+)\}/g, (_, name: string) => segments[name] ?? '');
}

export interface RouteToFuzz<Plan extends FuzzPlan> {
  id: ApiFunctionId;
  path: string;
  plan: Plan;
}

/** Every route of infra/routes.ts with the given method, with its plan. */
export function routesToFuzz<Method extends FuzzPlan['method']>(
  method: Method,
): RouteToFuzz<Extract<FuzzPlan, { method: Method }>>[] {
  return apiFunctions
    .filter((definition) => definition.route.method === method)
    .map((definition) => {
      const plan: FuzzPlan = fuzzPlans[definition.id];
      if (plan.method !== method) {
        throw new Error(`the fuzz plan of ${definition.id} is for ${plan.method}, the route is ${method}`);
      }
      return {
        id: definition.id,
        path: definition.route.path,
        plan: plan as Extract<FuzzPlan, { method: Method }>,
      };
    });
}

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountPayload, paths } from '../accounts/support/accounts.js';
import { createImportedAccount } from '../post-import/support/imported-account.js';
import { api } from '../support/http.js';
import { pct } from './support/arbitraries.js';
import { expectWellFormedAnswer } from './support/error-body.js';
import { unkeyedCursor } from './support/forged-cursor.js';
import { get } from './support/raw-http.js';
import {
  fillPath,
  type GetPlan,
  type GetWorld,
  pathParameters,
  routesToFuzz,
} from './support/route-fuzz-plans.js';
import { CASES_PER_ENDPOINT, FUZZ_TIMEOUT_MS, recordFigure } from './support/runs.js';
import { createWorld, fingerprint, type HostileWorld, uniqueExternal } from './support/world.js';

/**
 * Every GET route of infra/routes.ts, taken from the route table: path parameters with `..`,
 * `%00`, `%2F`, invalid percent-encoding, over-long segments and unicode; odd query strings
 * (`page_size`, `cursor`, forged and foreign cursors, duplicates). Never a 5xx, every 4xx has
 * the error shape, nothing written. Existing parameter values come from the route's plan.
 */
let world: HostileWorld;
const externals: string[] = [];
const bulkJobs: string[] = [];
const issuedCursors: string[] = [];

beforeAll(async () => {
  world = await createWorld('GET');
  for (let i = 0; i < 3; i++) {
    const payload = accountPayload({ external_account_number: uniqueExternal('HZG') }, world.supplier);
    expect((await api('POST', paths.stage, { token: world.token, body: payload })).status).toBe(201);
    externals.push(payload.external_account_number);
  }
  const imported = await createImportedAccount({
    supplier: world.supplier,
    externalAccountNumber: uniqueExternal('HZG'),
  });
  externals.push(imported.external_account_number);
  for (const list of [paths.all, paths.pending]) {
    const page = await api('GET', list(world.supplier), { token: world.token, query: { page_size: 1 } });
    const next = /cursor=([^&>]+)/.exec(page.headers.get('link') ?? '')?.[1];
    if (next) issuedCursors.push(next);
  }
  expect(issuedCursors).toHaveLength(2);
  const job = await api('POST', '/v2/data-import/bulk-jobs/', {
    token: world.token,
    body: { import_supplier: world.supplier },
  });
  expect(job.status).toBe(201);
  bulkJobs.push(job.json.job_id);
});

const pickOf = (values: readonly string[], pick: number) => values[pick % values.length] as string;

/** Path segments, already in their on-the-wire (percent-encoded or raw) form. */
const segment = (known: () => string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.nat().map((pick) => pickOf(known(), pick)) },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '%00',
        'a%00b',
        '%2F',
        'a%2Fb',
        '%5C',
        '%ZZ',
        '%',
        '%E2%80%AE',
        '%ED%A0%80',
        '%C0%AF',
        '%EF%BB%BF',
        '%23',
        'ACME',
        'GLOBEX',
        'PAUSED-CO',
        'acme',
        'IMPORT%23ACME%23x',
        'x'.repeat(255),
        'x'.repeat(256),
        'x'.repeat(2100),
        'x'.repeat(7000),
        '%F0%9F%92%A9'.repeat(300),
      ),
    },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(pct) },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_.~-]{1,20}$/) },
  );

const queryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '0',
    '-1',
    '10000',
    '10001',
    '5000',
    '1e3',
    '%201',
    '1%20',
    '0x10',
    '%D9%A3',
    '',
    '1.0',
    'NaN',
    '99999999999999999999',
    '%00',
    '%ZZ',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }).map(pct),
);

const cursorValue = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.nat().map((pick) => pickOf(issuedCursors, pick)),
    fc.nat().map((pick) => {
      const cursor = pickOf(issuedCursors, pick);
      return `${cursor.slice(0, -1)}${cursor.endsWith('A') ? 'B' : 'A'}`;
    }),
    fc
      .constantFrom('', 'x'.repeat(300), 'x'.repeat(3000), '\u0000', '\uffff')
      .map((after) => encodeURIComponent(unkeyedCursor({ list: 'ALL', supplier: world.supplier, after }))),
    fc
      .constant(null)
      .map(() => encodeURIComponent(unkeyedCursor({ list: 'ALL', supplier: 'ACME', after: 'x' }))),
    fc.constantFrom('c1', 'c1..', 'c1.e30.x', 'c1.W10.aaaaaaaaaaaaaaaa', '%00', '%ZZ'),
    fc.string({ unit: 'binary', maxLength: 60 }).map(pct),
  );

const queryString = (): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof(
        queryValue.map((value) => `page_size=${value}`),
        cursorValue().map((value) => `cursor=${value}`),
        fc.constantFrom('page_size', 'cursor', '=', '&', 'x=1', '%ZZ=1', 'cursor[]=1'),
      ),
      { maxLength: 3 },
    )
    .map((parts) => (parts.length === 0 ? '' : `?${parts.join('&')}`));

/** Route-level oddities around a valid path: missing slash, doubled slashes, dot segments. */
const shape = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'no-trailing-slash',
      'double-slash',
      'dot-segment',
      'dotdot-segment',
      'extra-segment',
    ),
  },
);

function reshape(path: string, how: string): string {
  switch (how) {
    case 'no-trailing-slash':
      return path.replace(/\/$/, '');
    case 'double-slash':
      return path.replace('/data-import/', '/data-import//');
    case 'dot-segment':
      return path.replace('/data-import/', '/data-import/./');
    case 'dotdot-segment':
      return path.replace('/data-import/', '/data-import/x/../');
    case 'extra-segment':
      return `${path}extra/`;
    default:
      return path;
  }
}

/** Hostile and existing segments for each `{param}` of a route's path, keyed by name. */
function segmentsFor(path: string, plan: GetPlan): fc.Arbitrary<Record<string, string>> {
  const state = (): GetWorld => ({ world, externals, bulkJobs });
  return fc.record(
    Object.fromEntries(
      pathParameters(path).map((name) => {
        const known = plan.known[name];
        return [name, segment(() => (known ? known(state()) : [world.supplier]))];
      }),
    ),
  );
}

describe('Rule: whatever path and query a GET receives, it never answers 5xx, every 4xx has the error shape and nothing is written', () => {
  for (const { id, path, plan } of routesToFuzz('GET')) {
    it(
      `${id}: odd path parameters and query strings`,
      async () => {
        // Prepare
        const before = await fingerprint(world);
        const byStatus: Record<number, number> = {};
        let cases = 0;
        // Act / Assess
        await fc.assert(
          fc.asyncProperty(segmentsFor(path, plan), queryString(), shape, async (segments, query, how) => {
            cases++;
            const target_ = `${reshape(fillPath(path, segments), how)}${query}`;
            const response = await get(target_, world.token).catch((error: Error) => {
              // Over 10 240 bytes the local server answers 414 uri_too_long as API Gateway does;
              // a client may still give up on a very long request line before reading it.
              if (target_.length > 16_000) return undefined;
              throw error;
            });
            if (!response) return;
            byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
            expectWellFormedAnswer(response, { target: target_.slice(0, 300) });
            if (response.status === 200) {
              if (plan.list) expect(Array.isArray(response.json)).toBe(true);
              else expect(Object.keys(response.json).sort()).toEqual([...(plan.objectKeys ?? [])].sort());
            }
          }),
          { numRuns: CASES_PER_ENDPOINT, endOnFailure: true },
        );
        expect(await fingerprint(world)).toBe(before);
        recordFigure({ suite: 'fuzz', endpoint: id, method: 'GET', cases, byStatus });
      },
      FUZZ_TIMEOUT_MS,
    );
  }
});

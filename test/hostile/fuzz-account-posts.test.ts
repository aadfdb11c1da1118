import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountPayload, paths } from '../accounts/support/accounts.js';
import { api } from '../support/http.js';
import { postCase, renderPostCase } from './support/arbitraries.js';
import { fuzzPost, type PostTarget } from './support/post-fuzz.js';
import { send } from './support/raw-http.js';
import { CASES_PER_ENDPOINT, FUZZ_TIMEOUT_MS, recordFigure } from './support/runs.js';
import { createWorld, type HostileWorld, importPartition, uniqueExternal } from './support/world.js';

/**
 * Issue 8 part 1, account POSTs: random and near-valid bodies, malformed JSON, odd content
 * types and empty bodies thrown at validate-account, create-or-update and process.
 */
let world: HostileWorld;

beforeAll(async () => {
  world = await createWorld('ACC');
});

function accountFor(supplier: string) {
  const external = uniqueExternal('HZA');
  return { external, body: accountPayload({ external_account_number: external }, supplier) };
}

const validateAccount: PostTarget = {
  name: 'validate-account',
  path: paths.validate,
  async prepare(w) {
    const { external, body } = accountFor(w.supplier);
    return { body, partitions: [importPartition(w.supplier, external)], identifiers: [external] };
  },
};

const stageAccount: PostTarget = {
  name: 'create-or-update',
  path: paths.stage,
  async prepare(w) {
    const { external, body } = accountFor(w.supplier);
    return { body, partitions: [importPartition(w.supplier, external)], identifiers: [external] };
  },
};

const processAccount: PostTarget = {
  name: 'process',
  path: paths.process,
  async prepare(w) {
    const { external, body } = accountFor(w.supplier);
    const staged = await api('POST', paths.stage, { token: w.token, body });
    expect(staged.status).toBe(201);
    return {
      body: { import_supplier: w.supplier, external_account_number: external, dry_run: false },
      partitions: [importPartition(w.supplier, external)],
      identifiers: [external],
    };
  },
};

describe('Rule: whatever an account POST receives, it never answers 5xx, every 4xx has the error shape and writes nothing', () => {
  for (const target of [validateAccount, stageAccount, processAccount]) {
    it(
      `${target.name}: random, near-valid and malformed requests`,
      async () => {
        // Prepare / Act / Assess: each fast-check case prepares a fresh valid request, mutates
        // it, sends it and checks the answer and the table (see support/post-fuzz.ts).
        const outcome = await fuzzPost(world, target);
        expect(outcome.cases).toBeGreaterThan(0);
      },
      FUZZ_TIMEOUT_MS,
    );
  }
});

describe('Rule: whatever the token mutation receives, it never answers 5xx and every error carries an errorCode', () => {
  it(
    'POST /v1/graphql/: random, near-valid and malformed requests',
    async () => {
      // Prepare
      const base = {
        query:
          'mutation Obtain($input: ObtainServiceTokenInput!) { obtainServiceToken(input: $input) { token payload } }',
        variables: { input: { APIKey: 'hostile-wrong-key' } },
        operationName: 'Obtain',
      };
      const byStatus: Record<number, number> = {};
      let cases = 0;
      // Act / Assess
      await fc.assert(
        fc.asyncProperty(postCase, async (fuzzCase) => {
          cases++;
          const { body, contentType } = renderPostCase(fuzzCase, base);
          const response = await send({
            method: 'POST',
            target: '/v1/graphql/',
            headers: contentType !== undefined ? { 'content-type': contentType } : {},
            ...(body !== undefined ? { body } : {}),
          });
          byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
          const where = `${JSON.stringify(fuzzCase).slice(0, 400)} → ${response.status} ${response.text.slice(0, 300)}`;
          expect(response.status, where).toBeLessThan(500);
          expect([200, 400], where).toContain(response.status);
          expect(response.json?.data?.obtainServiceToken?.token, where).toBeUndefined();
          // No valid key is ever sent, so every answer is a GraphQL error with a code.
          expect(response.json?.errors?.length, where).toBeGreaterThan(0);
          for (const error of response.json.errors) {
            expect(error.extensions?.errorCode, where).toMatch(/^[a-z][a-z0-9_]*$/);
          }
        }),
        { numRuns: CASES_PER_ENDPOINT, endOnFailure: true },
      );
      recordFigure({ suite: 'fuzz', endpoint: 'graphql', method: 'POST', cases, byStatus });
    },
    FUZZ_TIMEOUT_MS,
  );
});

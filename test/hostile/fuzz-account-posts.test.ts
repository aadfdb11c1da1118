import { beforeAll, describe, expect, it } from 'vitest';
import { accountPayload, paths } from '../accounts/support/accounts.js';
import { api } from '../support/http.js';
import { fuzzPost, type PostTarget } from './support/post-fuzz.js';
import { FUZZ_TIMEOUT_MS } from './support/runs.js';
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

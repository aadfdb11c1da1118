import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createImportedAccount } from '../post-import/support/imported-account.js';
import { exampleTransactions, paths } from '../post-import/support/post-import-api.js';
import { fuzzPost, type PostTarget, type Prepared } from './support/post-fuzz.js';
import { FUZZ_TIMEOUT_MS } from './support/runs.js';
import {
  accountPartition,
  createWorld,
  type HostileWorld,
  importPartition,
  uniqueExternal,
} from './support/world.js';

/**
 * Issue 8 part 1, post-import POSTs: notes, transactions (with its URL parameters),
 * historical statements and payment instructions, each case against a fresh imported account.
 */
let world: HostileWorld;

beforeAll(async () => {
  world = await createWorld('PI');
});

async function freshAccount(w: HostileWorld, body: (ref: Record<string, string>) => Record<string, unknown>) {
  const external = uniqueExternal('HZP');
  const account = await createImportedAccount({
    supplier: w.supplier,
    externalAccountNumber: external,
    openPeriodStart: '2026-01-01',
  });
  const ref = { import_supplier: w.supplier, external_account_number: external };
  return {
    body: body(ref),
    partitions: [accountPartition(account.service_account_number), importPartition(w.supplier, external)],
    identifiers: [external],
  } satisfies Prepared;
}

const targets: PostTarget[] = [
  {
    name: 'notes',
    path: paths.notes,
    prepare: (w) =>
      freshAccount(w, (ref) => ({
        ...ref,
        notes: [
          {
            body: 'Moved from the legacy system',
            created_at: '2026-01-02T10:00:00Z',
            is_pinned: true,
            unpin_at: '2026-12-31T00:00:00Z',
          },
          { document_paths: [{ document_path: w.documentPath }] },
        ],
      })),
  },
  {
    name: 'transactions',
    path: paths.transactions,
    transactions: true,
    query: true,
    prepare: (w) =>
      freshAccount(w, (ref) => ({
        ...ref,
        transactions: [
          exampleTransactions.charge('T1', '2026-01-05'),
          exampleTransactions.payment('T2', '2026-01-06'),
          exampleTransactions.supplyCharge('T3', '2025-12-01'),
        ],
      })),
  },
  {
    name: 'historical-statements',
    path: paths.statements,
    prepare: (w) =>
      freshAccount(w, (ref) => ({
        ...ref,
        statements: [
          {
            statement_id: 'S-1',
            bill_period_from_date: '2025-01-01',
            bill_period_to_date: '2025-01-31',
            issued_date: '2025-02-03',
            number: '1001',
            gross_amount: 123.45,
            statement_path: w.documentPath,
          },
        ],
      })),
  },
  {
    name: 'payment-instruction',
    path: paths.paymentInstruction,
    prepare: (w) =>
      freshAccount(w, (ref) => ({
        ...ref,
        vendor: 'STRIPE',
        reference: `pm_hz_${randomUUID().slice(0, 8)}`,
        type: 'CARD',
      })),
  },
];

describe('Rule: whatever a post-import POST receives, it never answers 5xx, every 4xx has the error shape and writes nothing', () => {
  for (const target of targets) {
    it(
      `${target.name}: random, near-valid and malformed requests`,
      async () => {
        // Prepare / Act / Assess: each fast-check case prepares a fresh imported account and a
        // valid request for it, mutates it, sends it and checks answer and table.
        const outcome = await fuzzPost(world, target);
        expect(outcome.cases).toBeGreaterThan(0);
      },
      FUZZ_TIMEOUT_MS,
    );
  }
});

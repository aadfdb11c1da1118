import { beforeAll, describe, expect, it, vi } from 'vitest';
import { accountPayload, processAccount, stage } from '../accounts/support/accounts.js';
import { createImportedAccount } from '../post-import/support/imported-account.js';
import { expectLedgerEntryIds } from '../post-import/support/ledger.js';
import {
  postNotes,
  postPaymentInstruction,
  postStatements,
  postTransactions,
  exampleTransactions as tx,
} from '../post-import/support/post-import-api.js';
import type { ApiResult } from '../support/http.js';
import { FULL, recordFigure } from './support/runs.js';
import {
  accountPartition,
  createWorld,
  type HostileWorld,
  partitionItems,
  uniqueExternal,
} from './support/world.js';

/**
 * Ordinary contention: many requests writing DIFFERENT things to one account at once. Each
 * must succeed (summary shards, note markers and outbox are shared per account): waiting
 * is allowed, a 5xx is not. The 2xx rate and the latency are printed, never asserted on time.
 */
vi.setConfig({ testTimeout: 180_000 });

/** Parallel requests per endpoint: 30 in the full run, 12 inside `npm test`. */
const PARALLEL = FULL ? 30 : 12;

let world: HostileWorld;
beforeAll(async () => {
  world = await createWorld('CNT');
});

async function imported() {
  const account = await createImportedAccount({
    supplier: world.supplier,
    externalAccountNumber: uniqueExternal('CNT'),
  });
  return account;
}

/** Runs `count` requests at once; prints and records the 2xx rate and latency percentiles. */
async function contend(endpoint: string, request: (k: number) => Promise<ApiResult>): Promise<ApiResult[]> {
  const latencies: number[] = [];
  const responses = await Promise.all(
    Array.from({ length: PARALLEL }, async (_, k) => {
      const started = performance.now();
      const response = await request(k);
      latencies.push(performance.now() - started);
      return response;
    }),
  );
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? 0);
  const ok = responses.filter((response) => response.status >= 200 && response.status < 300).length;
  const figure = {
    suite: 'contention',
    endpoint,
    parallel: PARALLEL,
    rate_2xx: `${ok}/${PARALLEL}`,
    p50_ms: percentile(0.5),
    p99_ms: percentile(0.99),
  };
  console.log(`contention ${JSON.stringify(figure)}`);
  recordFigure(figure);
  return responses;
}

const statuses = (responses: ApiResult[]) => responses.map((response) => response.status);

describe('Rule: N parallel POSTs of different writes to one account all succeed (contention costs latency, not a 5xx)', () => {
  it('transactions: each request adds its own transaction, with unique ledger entry ids', async () => {
    // Prepare
    const account = await imported();
    // Act
    const responses = await contend('transactions', (k) =>
      postTransactions(world.token, account, [tx.charge(`P-${k}`)]),
    );
    // Assess
    expect(statuses(responses)).toEqual(Array(PARALLEL).fill(201));
    const stored = (await partitionItems(accountPartition(account.service_account_number))).filter((item) =>
      String(item.sk).startsWith('TXN#'),
    );
    expect(stored.map((item) => item.transaction_id).sort()).toEqual(
      Array.from({ length: PARALLEL }, (_, k) => `P-${k}`).sort(),
    );
    expectLedgerEntryIds(
      stored,
      stored.map((item) => String(item.transaction_id)),
    );
  });

  it('transactions forced into the open period: each request pins its own note naming its own transaction', async () => {
    // Prepare
    const account = await createImportedAccount({
      supplier: world.supplier,
      externalAccountNumber: uniqueExternal('CNT'),
      openPeriodStart: '2026-01-01',
    });
    // Act
    const responses = await contend('transactions-forced', (k) =>
      postTransactions(world.token, account, [tx.charge(`F-${k}`, '2025-06-30')]),
    );
    // Assess
    expect(statuses(responses)).toEqual(Array(PARALLEL).fill(201));
    const notes = (await partitionItems(accountPartition(account.service_account_number))).filter((item) =>
      String(item.sk).startsWith('NOTE#'),
    );
    expect(notes).toHaveLength(PARALLEL);
    for (const note of notes) expect(String(note.body)).toMatch(/^1 imported transaction\(s\)/);
  });

  it('notes', async () => {
    // Prepare
    const account = await imported();
    // Act
    const responses = await contend('notes', (k) => postNotes(world.token, account, [{ body: `note ${k}` }]));
    // Assess
    expect(statuses(responses)).toEqual(Array(PARALLEL).fill(201));
  });

  it('historical statements', async () => {
    // Prepare
    const account = await imported();
    // Act
    const responses = await contend('statements', (k) =>
      postStatements(world.token, account, [
        {
          statement_id: `S-${k}`,
          bill_period_from_date: '2025-11-01',
          bill_period_to_date: '2025-11-30',
          issued_date: '2025-12-02',
          number: `S-${k}`,
          gross_amount: 54.21,
        },
      ]),
    );
    // Assess
    expect(statuses(responses)).toEqual(Array(PARALLEL).fill(201));
  });

  it('payment instructions', async () => {
    // Prepare
    const account = await imported();
    // Act
    const responses = await contend('payment-instruction', (k) =>
      postPaymentInstruction(world.token, account, {
        vendor: 'STRIPE',
        reference: `pm_contention_${k}`,
        type: 'CARD',
      }),
    );
    // Assess
    expect(statuses(responses)).toEqual(Array(PARALLEL).fill(201));
  });

  it('staging: different payloads for one account staged at once (one creates, the others replace)', async () => {
    // Prepare
    const external = uniqueExternal('CNT');
    // Act
    const responses = await contend('staging', (k) =>
      stage(
        world.token,
        accountPayload(
          { external_account_number: external, metadata: [{ key: 'k', value: `${k}` }] },
          world.supplier,
        ),
      ),
    );
    // Assess
    expect(statuses(responses).every((status) => status === 200 || status === 201)).toBe(true);
  });

  it('processing: different staged accounts of one supplier processed at once', async () => {
    // Prepare
    const externals = Array.from({ length: PARALLEL }, () => uniqueExternal('CNT'));
    for (const external of externals) {
      expect(
        (await stage(world.token, accountPayload({ external_account_number: external }, world.supplier)))
          .status,
      ).toBe(201);
    }
    // Act
    const responses = await contend('processing', (k) =>
      processAccount(world.token, world.supplier, externals[k] as string),
    );
    // Assess
    expect(statuses(responses)).toEqual(Array(PARALLEL).fill(201));
  });
});

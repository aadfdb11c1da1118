import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as createTransactions } from '../../functions/handlers/create-transactions.js';
import { documentClient } from '../../functions/store/dynamodb.js';
import { createImportedAccount } from '../post-import/support/imported-account.js';
import {
  paths,
  postTransactions,
  exampleTransactions as tx,
} from '../post-import/support/post-import-api.js';
import { type FaultInjector, faults, injectFaults } from './support/faults.js';
import { invoke } from './support/in-process.js';
import {
  accountPartition,
  createWorld,
  type HostileWorld,
  partitionItems,
  uniqueExternal,
} from './support/world.js';

/**
 * A forcing note must name exactly the moved transactions its own write added: never one
 * of another write, of a failed write, or of a concurrent request. Requests of more than 95
 * transactions take several writes; each write that adds moved transactions pins its own note.
 */
vi.setConfig({ testTimeout: 180_000 });

let world: HostileWorld;
let injector: FaultInjector | undefined;
beforeAll(async () => {
  world = await createWorld('FNT');
});
afterEach(() => {
  injector?.restore();
  injector = undefined;
});

/** 250 transactions (three writes); every tenth dated before the open period, so each write moves some. */
const transactions = Array.from({ length: 250 }, (_, k) =>
  tx.charge(`M-${String(k).padStart(3, '0')}`, k % 10 === 0 ? '2025-06-30' : '2026-02-01'),
);
const movedIds = transactions.filter((t) => t.transaction_date === '2025-06-30').map((t) => t.transaction_id);

async function forcedAccount() {
  return createImportedAccount({
    supplier: world.supplier,
    externalAccountNumber: uniqueExternal('FNT'),
    openPeriodStart: '2026-01-01',
  });
}

/** Each note's named transaction ids and the count its heading states. */
async function notesOf(serviceAccountNumber: string) {
  const items = await partitionItems(accountPartition(serviceAccountNumber));
  return items
    .filter((item) => String(item.sk).startsWith('NOTE#'))
    .map((item) => {
      const body = String(item.body);
      return {
        stated: Number(/^(\d+) imported transaction/.exec(body)?.[1]),
        named: [...body.matchAll(/^- (\S+) \(originally dated/gm)].map((match) => match[1] as string),
      };
    });
}

/** Every moved transaction is named by exactly one note, and each note's count is its own list's length. */
function expectEachMovedNamedOnce(notes: Awaited<ReturnType<typeof notesOf>>) {
  for (const note of notes) expect(note.stated).toBe(note.named.length);
  expect(notes.flatMap((note) => note.named).sort()).toEqual([...movedIds].sort());
}

describe('Rule: a forcing note names exactly the moved transactions its own write added', () => {
  it('a request of several writes with moved dates in each: one note per write, each naming only its own', async () => {
    // Prepare
    const account = await forcedAccount();
    // Act
    const response = await postTransactions(world.token, account, transactions);
    // Assess
    expect(response.status).toBe(201);
    const notes = await notesOf(account.service_account_number);
    expect(notes.length).toBeGreaterThan(1);
    expectEachMovedNamedOnce(notes);
  });

  it('a request that failed after its first write, then retried: no transaction is named twice, no count is wrong', async () => {
    // Prepare
    const account = await forcedAccount();
    const request = {
      method: 'POST' as const,
      path: paths.transactions,
      suppliers: [world.supplier],
      body: {
        import_supplier: account.import_supplier,
        external_account_number: account.external_account_number,
        transactions,
      },
    };
    let writes = 0;
    injector = injectFaults(documentClient as never, (command) =>
      command.name === 'TransactWriteCommand' && ++writes === 2 ? { before: faults.timeout() } : undefined,
    );
    const failed = await invoke(createTransactions, request);
    injector.restore();
    injector = undefined;
    // Act
    const retried = await invoke(createTransactions, request);
    // Assess
    expect(failed.status).toBe(503);
    expect(retried.status).toBe(201);
    expectEachMovedNamedOnce(await notesOf(account.service_account_number));
  });

  it('concurrent identical requests: each moved transaction is named once, by the note of the write that added it', async () => {
    // Prepare
    const account = await forcedAccount();
    // Act
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => postTransactions(world.token, account, transactions)),
    );
    // Assess
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(201));
    expectEachMovedNamedOnce(await notesOf(account.service_account_number));
  });
});

import { expect } from 'vitest';

// biome-ignore lint/suspicious/noExplicitAny: stored items are untyped in tests; assertions check them
type StoredItem = Record<string, any>;

/**
 * The ledger's invariant: every stored transaction has a ledger entry id, ids are unique
 * positive integers, and within one request (one `batch_id`) they increase in request order.
 * Ids need not be contiguous: ids reserved for transactions a concurrent request stored first
 * stay unused. `requestOrder` lists transaction ids in the order the requests sent them.
 */
export function expectLedgerEntryIds(stored: readonly StoredItem[], requestOrder: readonly string[]): void {
  const ids = stored.map((item) => Number(item.ledger_entry_id));
  for (const id of ids) expect(Number.isSafeInteger(id) && id >= 1, `ledger entry id ${id}`).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  const position = new Map(requestOrder.map((id, index) => [id, index]));
  const batches = new Map<string, StoredItem[]>();
  for (const item of stored) batches.set(item.batch_id, [...(batches.get(item.batch_id) ?? []), item]);
  for (const items of batches.values()) {
    const byId = [...items].sort((a, b) => Number(a.ledger_entry_id) - Number(b.ledger_entry_id));
    const byRequest = [...items].sort(
      (a, b) => (position.get(a.transaction_id) ?? 0) - (position.get(b.transaction_id) ?? 0),
    );
    expect(byId.map((item) => item.transaction_id)).toEqual(byRequest.map((item) => item.transaction_id));
  }
}

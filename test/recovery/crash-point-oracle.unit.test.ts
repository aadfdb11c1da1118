import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { eventLines, stateDifferences, stateLines } from './support/normalize.js';
import { heldClaims, invariants, viewOf } from './support/oracle.js';
import type { Subject } from './support/world.js';

/**
 * The crash-point harness's oracle on hand-made tables: each rule it checks reports a state
 * that breaks it, and two correct runs that differ only in names, times and shards compare equal.
 */
const subject = (supplier = 'CP-A', external = 'EXT-A'): Subject => ({
  supplier,
  external,
  rootLocation: `crash-points/${supplier.toLowerCase()}`,
  data: {},
});

function imported(who: Subject, account: string, extra: Record<string, unknown> = {}) {
  return [
    {
      pk: `IMPORT#${who.supplier}#${who.external}`,
      sk: 'PROCESS',
      status: 'COMPLETED',
      service_account_number: account,
      gsi2pk: `SUPPLIER#${who.supplier}#IMPORTED`,
      staged_at: '2026-11-26T10:00:00Z',
      ...extra,
    },
    {
      pk: `ACCOUNT#${account}`,
      sk: 'ACCOUNT',
      import_supplier: who.supplier,
      external_account_number: who.external,
    },
    { pk: `SUPPLIER#${who.supplier}`, sk: 'COUNTER#0003', imported: 1 },
  ];
}

const outbox = (events: unknown[]) => ({
  pk: 'OUTBOX#1',
  sk: 'OUTBOX',
  events_gzip: gzipSync(JSON.stringify(events)),
});

describe('the rules every state keeps after a crash', () => {
  it('two accounts for one external number break "one account per external number"', () => {
    // Prepare
    const a = subject();
    const items = [...imported(a, 'A-00000001'), ...imported(a, 'A-00000002').slice(1, 2)];

    // Act
    const problems = invariants(viewOf(items, a), a);

    // Assess
    expect(problems).toContain('2 accounts for the external number EXT-A');
  });

  it('a meter point claimed for an account that does not exist is reported', () => {
    const a = subject();
    const items = [
      ...imported(a, 'A-00000001'),
      { pk: 'METERPOINT#1234567890', sk: 'METERPOINT', mpxn: '1234567890', account_number: 'A-0000000F' },
    ];
    a.data.tokens = { mpxn0: '1234567890' };

    expect(invariants(viewOf(items, a), a)).toContain(
      'meter point 1234567890 claimed for account A-0000000F, which does not exist',
    );
  });

  it('an account summary that differs from a recount of its transactions is reported', () => {
    const a = subject();
    const items = [
      ...imported(a, 'A-00000001'),
      { pk: 'ACCOUNT#A-00000001', sk: 'TXN#T1', transaction_id: 'T1' },
      { pk: 'ACCOUNT#A-00000001', sk: 'SUMMARY#0001', txn_count: 1, txn_ids: new Set(['T1']) },
      { pk: 'ACCOUNT#A-00000001', sk: 'SUMMARY#0005', txn_count: 1, txn_ids: new Set(['T1']) },
    ];

    expect(invariants(viewOf(items, a), a)).toContain('account summary txn_count 2, recount 1');
  });

  it('supplier counters that differ from a recount of the processes are reported', () => {
    const a = subject();
    const items = [...imported(a, 'A-00000001'), { pk: 'SUPPLIER#CP-A', sk: 'COUNTER#0000', pending: 1 }];

    expect(invariants(viewOf(items, a), a)).toContain('supplier counter pending 1, recount 0');
  });

  it('an account body kept in parts with a part missing is reported; whole, it is not', () => {
    // Prepare: the created account refers to a body of two parts, of which the table holds one
    const a = subject();
    const body = { sha256: 'ab12', parts: 2, bytes: 700_000 };
    const items: Record<string, unknown>[] = imported(a, 'A-00000001');
    items[1] = { ...items[1]!, account_body: body };
    const part = (n: number) => ({ pk: 'ACCOUNTBODY#ab12', sk: `PART#000${n}`, data: new Uint8Array([n]) });
    // Act
    const missing = invariants(viewOf([...items, part(0)], a), a);
    const whole = invariants(viewOf([...items, part(0), part(1)], a), a);
    // Assess
    expect(missing).toContain('ACCOUNT#A-00000001 ACCOUNT refers to an account body with 1 of its 2 parts');
    expect(whole.filter((problem) => problem.includes('account body'))).toEqual([]);
  });

  it('two transactions with one ledger entry id are reported', () => {
    const a = subject();
    const [process, account, counter] = imported(a, 'A-00000001');
    const items = [
      process,
      { ...account, next_ledger_entry_id: 3 },
      counter,
      { pk: 'ACCOUNT#A-00000001', sk: 'TXN#T1', transaction_id: 'T1', ledger_entry_id: 1 },
      { pk: 'ACCOUNT#A-00000001', sk: 'TXN#T2', transaction_id: 'T2', ledger_entry_id: 1 },
      { pk: 'ACCOUNT#A-00000001', sk: 'SUMMARY#0001', txn_count: 2, txn_ids: new Set(['T1', 'T2']) },
    ];

    expect(invariants(viewOf(items as Record<string, unknown>[], a), a)).toEqual([
      'two transactions share a ledger entry id',
    ]);
  });

  it('a creation lock still held after recovery is reported', () => {
    const a = subject();
    const [process, ...rest] = imported(a, 'A-00000001');
    const items = [{ ...process, status: 'IN_PROGRESS', lock_token: 't' }, ...rest];

    expect(invariants(viewOf(items, a), a)).toContain('the creation lock is still held after recovery');
  });
});

describe('a claim expires by its holder’s deadline', () => {
  const locked = (fields: Record<string, unknown>) => [
    { pk: 'IMPORT#CP-A#EXT-A', sk: 'PROCESS', status: 'IN_PROGRESS', ...fields },
  ];
  const leased = (leaseUntil: string) => [
    { pk: 'IMPORT#CP-A#EXT-A', sk: 'TASK', status: 'IN_PROGRESS', lease_until: leaseUntil },
  ];

  it('a lock expiring at its holder’s deadline, rounded up to the second, does not outlive it', () => {
    // Prepare: the holder's invocation ends at 10:00:04.2
    const deadline = Date.parse('2026-11-26T10:00:04.200Z');

    // Act
    const [claim] = heldClaims(locked({ lock_expires_at: '2026-11-26T10:00:05Z' }), subject(), deadline);

    // Assess
    expect(claim?.outlives).toBe(false);
  });

  it('a lease taken by an invocation that started late expires by its own deadline, not by the moment it was sent', () => {
    // Prepare: a re-delivery sent at 10:00:00 whose child started its 5 s invocation 2.3 s later
    const deadline = Date.parse('2026-11-26T10:00:07.300Z');

    // Act
    const [claim] = heldClaims(leased('2026-11-26T10:00:08Z'), subject(), deadline);

    // Assess
    expect(claim?.outlives).toBe(false);
  });

  it('a lease computed from a longer timeout than its holder’s outlives it', () => {
    // Prepare: a 5 s invocation that started at 10:00:00, and a lease of the 10 s default timeout
    const deadline = Date.parse('2026-11-26T10:00:05Z');

    // Act
    const [claim] = heldClaims(leased('2026-11-26T10:00:10Z'), subject(), deadline);

    // Assess
    expect(claim).toMatchObject({ what: 'the task lease (TASK)', outlives: true, secondsAfterDeadline: 5 });
  });

  it('a lock kept for a fixed 300 s (no expiry stored) outlives a 5 s holder', () => {
    // Prepare: taken at 09:59:59 by an invocation that ends at 10:00:04
    const deadline = Date.parse('2026-11-26T10:00:04Z');

    // Act
    const [claim] = heldClaims(locked({ in_progress_since: '2026-11-26T09:59:59Z' }), subject(), deadline);

    // Assess
    expect(claim).toMatchObject({ outlives: true, secondsAfterDeadline: 295 });
  });
});

describe('two correct runs compare equal, a difference is named', () => {
  it('names, allocated numbers, times and shards do not make two runs differ', () => {
    // Prepare: the same outcome for two subjects, landing in different shards at different times
    const a = subject('CP-A', 'EXT-A');
    const b = subject('CP-B', 'EXT-B');
    const first = [
      ...imported(a, 'A-0000000A'),
      { pk: 'ACCOUNT#A-0000000A', sk: 'SUMMARY#0002', note_count: 1, updated_at: '2026-11-26T10:00:00Z' },
    ];
    const second = [
      ...imported(b, 'A-0000000B', { staged_at: '2026-11-26T11:30:00Z' }),
      { pk: 'ACCOUNT#A-0000000B', sk: 'SUMMARY#0006', note_count: 1, updated_at: '2026-11-26T11:30:00Z' },
    ];

    // Act
    const differences = stateDifferences(
      stateLines(a, viewOf(first, a).items),
      stateLines(b, viewOf(second, b).items),
    );

    // Assess
    expect(differences).toEqual([]);
  });

  it('ledger entry ids left unused by a request cut short (gaps) do not make two runs differ', () => {
    const a = subject();
    const ledger = (ids: number[], next: number) => [
      { pk: 'ACCOUNT#A-00000001', sk: 'ACCOUNT', next_ledger_entry_id: next },
      ...ids.map((id, i) => ({
        pk: 'ACCOUNT#A-00000001',
        sk: `TXN#T${i}`,
        transaction_id: `T${i}`,
        ledger_entry_id: id,
      })),
    ];

    expect(stateDifferences(stateLines(a, ledger([1, 2], 3)), stateLines(a, ledger([1, 5], 6)))).toEqual([]);
  });

  it('service-allocated ids from another block (another run took other ids) do not make two runs differ; a user missing does', () => {
    // Prepare: two accounts of one subject, each with its block; the second run's blocks start elsewhere
    const a = subject();
    const accounts = (firsts: number[], users = 2) =>
      firsts.flatMap((first, n) => [
        { pk: `ACCOUNT#A-0000000${n}`, sk: 'ACCOUNT', first_service_id: first, service_id_count: 3 },
        ...Array.from({ length: users }, (_, u) => ({
          pk: `ACCOUNT#A-0000000${n}`,
          sk: `USER#${String(first + u).padStart(12, '0')}`,
          user_id: first + u,
          user_number: `U-${(first + u).toString(16).toUpperCase().padStart(8, '0')}`,
        })),
      ]);
    // Act
    const same = stateDifferences(stateLines(a, accounts([1, 4])), stateLines(a, accounts([40, 43])));
    const short = stateDifferences(stateLines(a, accounts([1, 4])), stateLines(a, accounts([40, 43], 1)));
    // Assess
    expect(same).toEqual([]);
    expect(short).toHaveLength(2);
  });

  it('an attribute that differs is named with both values', () => {
    const a = subject();
    const before = stateLines(a, imported(a, 'A-00000001'));
    const after = stateLines(a, imported(a, 'A-00000001', { status: 'IN_PROGRESS' }));

    expect(stateDifferences(before, after)).toEqual([
      'item IMPORT#<supplier>#<external> PROCESS: status "COMPLETED" → "IN_PROGRESS"',
    ]);
  });

  it('the events an outbox holds are the subject’s, without their ids and times', () => {
    const a = subject();
    const event = (id: string) => ({
      event_type: 'data_import.import_process.complete',
      version: 'v1',
      event_id: id,
      occurred_at: '2026-11-26T10:00:00Z',
      payload: { external_identifier: 'EXT-A', identifier: 'A-00000001' },
    });
    const view = viewOf([...imported(a, 'A-00000001'), outbox([event('e1'), event('e2')])], a);

    expect(eventLines(a, view.events)).toEqual([
      'data_import.import_process.complete@v1 {"external_identifier":"<external>","identifier":"<account>"}',
    ]);
  });
});

import { readLines } from '../../infra/local/json-lines-file.js';
import type { Capacity, CapacityMeter } from './capacity-meter.js';
import type { TimedClient } from './http-client.js';
import { accountPayload, notesPayload, statementsPayload, transactionsPayload } from './payloads.js';

/**
 * One realistic account migrated end to end, every request metered: stage, process, 120
 * transactions (a POST of 100 and one of 20), 2 notes in one POST, 3 statements in one POST and
 * 1 payment instruction. What each request cost in DynamoDB capacity, how long its handler took
 * (the local round trip: an upper bound of the Lambda's billed duration) and how many events the
 * account produced are the inputs of the cost model and the scale projection.
 */
export const ACCOUNT_MIX = {
  transactions: 120,
  transactionBatch: 100,
  notes: 2,
  statements: 3,
  paymentInstructions: 1,
};

export interface MeteredCall {
  /** The function that answered (its id in infra/routes.ts). */
  functionId: string;
  what: string;
  latency_ms: number;
  capacity: Capacity;
}

export interface AccountMixMeasurement {
  accounts: number;
  /** The requests of one account, in order: the first account's capacity, the mean latency of all. */
  calls: MeteredCall[];
  /** Every call of every measured account, for mean latencies per function. */
  mean_latency_ms: Record<string, number>;
  events_per_account: number;
  event_bytes_per_account: number;
  /** EventBridge bills each started 64 KB of an entry as one event. */
  event_chunks_per_account: number;
  /** The part of those that follows from the posted transactions. */
  transaction_event_chunks_per_account: number;
}

export interface ArchivedSize {
  bytes: number;
  /** The event follows from posted transactions (ledger entries, a transaction batch's completion). */
  ofTransactions: boolean;
}

export function lineSizes(file: string): ArchivedSize[] {
  type Envelope = { 'detail-type'?: string; detail?: { payload?: { resource_type?: string } } };
  return readLines<Envelope>(file).map((envelope) => {
    const type = envelope['detail-type'] ?? '';
    return {
      // The runtime writes each line as JSON.stringify of the envelope: the same bytes.
      bytes: Buffer.byteLength(JSON.stringify(envelope)),
      ofTransactions:
        type.startsWith('billing.ledger.') || envelope.detail?.payload?.resource_type === 'TRANSACTION_BATCH',
    };
  });
}

/** EventBridge's billed events: each started 64 KB of an entry. */
export const eventChunks = (events: readonly ArchivedSize[]) =>
  events.reduce((s, e) => s + Math.ceil(e.bytes / 65_536), 0);

/** Waits until the events file stops growing (the outbox is delivered asynchronously). */
export async function settledEvents(file: string, expectedAtLeast: number): Promise<ArchivedSize[]> {
  let sizes = lineSizes(file);
  let stableSince = Date.now();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = lineSizes(file);
    if (now.length !== sizes.length) stableSince = Date.now();
    sizes = now;
    if (sizes.length >= expectedAtLeast && Date.now() - stableSince > 1500) break;
  }
  return sizes;
}

export async function measureAccountMix(
  client: TimedClient,
  meter: CapacityMeter,
  options: { supplier: string; accounts: number; eventsFile: string },
): Promise<AccountMixMeasurement> {
  const before = lineSizes(options.eventsFile).length;
  const all: MeteredCall[][] = [];
  const run = Date.now().toString(36);
  for (let a = 0; a < options.accounts; a++) {
    const external = `MIX-${run}-${a}`;
    const calls: MeteredCall[] = [];
    const send = async (functionId: string, what: string, path: string, body: unknown, ok: number[]) => {
      meter.take();
      const started = performance.now();
      const result = await client.call(`mix_${functionId}`, 'POST', path, body);
      const latency = performance.now() - started;
      if (!ok.includes(result.status)) {
        throw new Error(`${what}: HTTP ${result.status} ${JSON.stringify(result.json).slice(0, 300)}`);
      }
      calls.push({ functionId, what, latency_ms: latency, capacity: meter.take() });
    };
    const base = '/v1/data-import';
    const ref = { import_supplier: options.supplier, external_account_number: external };
    await send(
      'stage-account',
      'stage',
      `${base}/account-import-process/create-or-update/`,
      accountPayload(options.supplier, external),
      [200, 201],
    );
    await send('process-account', 'process', `${base}/account-import-process/process/`, ref, [201]);
    for (let start = 0; start < ACCOUNT_MIX.transactions; start += ACCOUNT_MIX.transactionBatch) {
      const size = Math.min(ACCOUNT_MIX.transactionBatch, ACCOUNT_MIX.transactions - start);
      const ids = Array.from({ length: size }, (_, i) => `${external}-T${start + i}`);
      await send(
        'create-transactions',
        `${size} transactions`,
        `${base}/transactions/create/`,
        transactionsPayload(options.supplier, external, ids),
        [201],
      );
    }
    const notes = notesPayload(options.supplier, external, 'First note');
    notes.notes = Array.from({ length: ACCOUNT_MIX.notes }, (_, i) => ({
      ...notes.notes[0]!,
      body: `Imported note ${i + 1}`,
    }));
    await send('create-notes', `${ACCOUNT_MIX.notes} notes`, `${base}/notes/create/`, notes, [201]);
    const statements = statementsPayload(options.supplier, external, `${external}-S0`);
    statements.statements = Array.from({ length: ACCOUNT_MIX.statements }, (_, i) => ({
      ...statements.statements[0]!,
      statement_id: `${external}-S${i}`,
      number: `S-${external}-${i}`,
      bill_period_from_date: `2025-0${i + 1}-01`,
      bill_period_to_date: `2025-0${i + 1}-28`,
      issued_date: `2025-0${i + 2}-02`,
    }));
    await send(
      'create-historical-statements',
      `${ACCOUNT_MIX.statements} statements`,
      `${base}/historical-statements/create/`,
      statements,
      [201],
    );
    await send(
      'create-payment-instruction',
      'payment instruction',
      `${base}/payment-instruction/create/`,
      { ...ref, vendor: 'STRIPE', reference: `pm_bench_${run}_${a}`, type: 'CARD' },
      [201],
    );
    all.push(calls);
  }
  const sizes = (await settledEvents(options.eventsFile, before + 1)).slice(before);
  const latencies = new Map<string, number[]>();
  for (const call of all.flat())
    latencies.set(call.functionId, [...(latencies.get(call.functionId) ?? []), call.latency_ms]);
  const round = (n: number) => Math.round(n * 100) / 100;
  const chunks = eventChunks;
  return {
    accounts: options.accounts,
    // The first account's capacity (every account's is alike); each request's mean latency over all accounts.
    calls: all[0]!.map((call, i) => ({
      ...call,
      latency_ms: round(all.reduce((sum, calls) => sum + calls[i]!.latency_ms, 0) / all.length),
    })),
    mean_latency_ms: Object.fromEntries(
      [...latencies].map(([id, values]) => [id, round(values.reduce((s, v) => s + v, 0) / values.length)]),
    ),
    events_per_account: round(sizes.length / options.accounts),
    event_bytes_per_account: Math.round(sizes.reduce((s, v) => s + v.bytes, 0) / options.accounts),
    event_chunks_per_account: round(chunks(sizes) / options.accounts),
    transaction_event_chunks_per_account: round(
      chunks(sizes.filter((e) => e.ofTransactions)) / options.accounts,
    ),
  };
}

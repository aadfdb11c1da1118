import type { FullAccountFigures } from './full-account-bench.js';

/** The `full-account` section of the report: creation time, its DynamoDB cost beside its floor, the projection. */

/** Measured write units at most 10 % above the floor. */
export const FULL_ACCOUNT_FLOOR_TARGET = 1.1;

const row = (cells: unknown[]) => `| ${cells.map(String).join(' | ')} |`;
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

export function renderFullAccount(f: FullAccountFigures): string[] {
  const p = f.payload;
  const out = [
    '',
    `## Full account creation (${f.accounts} accounts, stage + process)`,
    '',
    `Each account: ${p.meterPoints} meter points, ${p.customers} customers, ${p.statements} statements, ` +
      `${p.transactions} transactions, ${p.notes} notes, ${p.paymentInstructions} payment instruction, ` +
      `${p.paymentSchedules} payment schedule; ${p.bytes} bytes of JSON.`,
    '',
    row(['figure', 'p50', 'p95']),
    row(['---', '---', '---']),
    row(['stage ms (local)', f.time_ms.stage.p50, f.time_ms.stage.p95]),
    row(['process ms (local)', f.time_ms.process.p50, f.time_ms.process.p95]),
    row(['creation ms (local)', f.time_ms.creation.p50, f.time_ms.creation.p95]),
    row(['creation ms (cloud, projected)', f.cloud_time_ms.p50, f.cloud_time_ms.p95]),
    '',
    row([
      'request',
      'operation',
      'requests',
      'read units',
      'write units (table)',
      'write units (indexes)',
      'failed write items',
      'write units DynamoDB Local reported',
    ]),
    row(['---', '---', '---', '---', '---', '---', '---', '---']),
  ];
  for (const [call, figures] of Object.entries(f.ddb) as [string, (typeof f.ddb)['stage']][]) {
    for (const [operation, o] of Object.entries(figures.operations)) {
      out.push(
        row([
          call,
          operation.replace(/Command$/, ''),
          o.requests,
          o.read_units,
          o.write_units_table,
          o.write_units_indexes,
          o.failed_write_items,
          o.local_reported_write_units,
        ]),
      );
    }
  }
  out.push(
    '',
    row(['items left (floor)', 'items', 'bytes', 'floor write units']),
    row(['---', '---', '---', '---']),
    ...Object.entries(f.floor.by_family).map(([family, x]) => row([family, x.items, x.bytes, x.write_units])),
    row(['all', f.floor.items, f.floor.bytes, f.floor.write_units]),
    '',
    row(['figure', 'value', 'target']),
    row(['---', '---', '---']),
    row(['DynamoDB requests per account', f.requests, '']),
    row(['read units per account', f.read_units, '']),
    row(['write units per account (measured)', f.write_units_measured, '']),
    row(['write units per account (floor)', f.floor.write_units, '']),
    row([
      'measured ÷ floor',
      f.ratio_to_floor,
      `≤ ${FULL_ACCOUNT_FLOOR_TARGET} ${mark(f.ratio_to_floor <= FULL_ACCOUNT_FLOOR_TARGET)}`,
    ]),
    row(['events per account', f.events_per_account, '']),
    '',
    'Measured: what DynamoDB bills, 2 units per failed write item: the units DynamoDB Local reports, except for a ' +
      'TransactWriteItems, counted from its items before and after it (2 per KB of each item and index copy; DynamoDB Local under-reports transactions). ' +
      'Floor: the items creation left, each written once with its own PutItem (1 per KB, and 1 per KB of each index copy).',
  );
  const s = f.projection;
  const i = s.inputs;
  out.push(
    '',
    `## Full account projection: ${s.accounts} accounts`,
    '',
    `By ${s.path}: about ${s.hours} h, bound by ${s.bound_by.replaceAll('_', ' ')} ` +
      `(within 1 h: ${s.within_one_hour ? 'yes' : 'no'}; to lift it: ${s.lift}); about ${s.cost_usd.total} USD.`,
    '',
    row(['bound', 'hours if it alone bound the run']),
    row(['---', '---']),
    ...Object.entries(s.hours_if_bound_by).map(([bound, hours]) => row([bound, hours])),
    '',
    row(['path', 'hours']),
    row(['---', '---']),
    ...Object.entries(s.hours_by_path).map(([path, hours]) => row([path, hours])),
    '',
    row(['service', 'USD']),
    row(['---', '---']),
    ...Object.entries(s.cost_usd).map(([service, usd]) => row([service, usd])),
    '',
    `Inputs: ${i.requests_per_account} requests and ${i.serial_seconds_per_account} s of serial request time per account; ` +
      `${i.workers} accounts side by side; Lambda concurrency ${i.lambda_concurrency}; ` +
      `rate limit ${i.rate_limit_per_s}/s (${i.rate_limit_source}); ${i.busiest_index_write_units_per_account} write units per account on ${i.busiest_index}; ` +
      `${i.partition_write_units_per_s} write units/s per partition.`,
  );
  return out;
}

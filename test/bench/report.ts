/** Renders the benchmark figures as a readable table, each beside its target. */

interface Figures {
  import: {
    transactions: number;
    transactions_per_s: number;
    floor_transactions_per_s: number;
    ratio_to_floor: number;
  };
  ddb_requests: Record<string, unknown>;
  latency_ms: Record<string, { p50: number; p99: number; count: number }>;
  list: {
    page_size: number;
    p50_ms_10k: number;
    p50_ms_100: number;
    accounts_large: number;
    accounts_small: number;
  };
  cold_start: Record<string, unknown> & { floor_init_ms?: number };
  bundle_bytes: Record<string, number>;
}

const row = (cells: unknown[]) => `| ${cells.map(String).join(' | ')} |`;
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

export function renderReport(f: Figures): string {
  const out: string[] = [];
  const r = f.ddb_requests as Record<string, number>;
  out.push('', '## Throughput', row(['figure', 'value', 'target']), row(['---', '---', '---']));
  out.push(row(['import.transactions_per_s', f.import.transactions_per_s, '']));
  out.push(row(['import.floor_transactions_per_s', f.import.floor_transactions_per_s, '']));
  out.push(
    row(['import.ratio_to_floor', f.import.ratio_to_floor, `≥ 0.5 ${mark(f.import.ratio_to_floor >= 0.5)}`]),
  );
  out.push(
    '',
    '## DynamoDB requests per POST',
    row(['figure', 'value', 'target']),
    row(['---', '---', '---']),
  );
  out.push(
    row(['per_100_transactions', r.per_100_transactions, `≤ 5 ${mark(r.per_100_transactions! <= 5)}`]),
  );
  out.push(
    row(['per_1000_transactions', r.per_1000_transactions, `≤ 25 ${mark(r.per_1000_transactions! <= 25)}`]),
  );
  for (const key of ['per_note', 'per_statement', 'per_stage', 'per_process'])
    out.push(row([key, r[key], '']));
  out.push(
    '',
    '## Latency (ms)',
    row(['endpoint', 'p50', 'p99', 'requests']),
    row(['---', '---', '---', '---']),
  );
  for (const [endpoint, l] of Object.entries(f.latency_ms)) out.push(row([endpoint, l.p50, l.p99, l.count]));
  const ratio = f.list.p50_ms_10k / f.list.p50_ms_100;
  out.push(
    '',
    `## Listing (page size ${f.list.page_size})`,
    row(['figure', 'value', 'target']),
    row(['---', '---', '---']),
  );
  out.push(row([`p50_ms with ${f.list.accounts_large} accounts`, f.list.p50_ms_10k, '']));
  out.push(row([`p50_ms with ${f.list.accounts_small} accounts`, f.list.p50_ms_100, '']));
  out.push(row(['ratio', Math.round(ratio * 100) / 100, `≤ 2 ${mark(ratio <= 2)}`]));
  const floor = f.cold_start.floor_init_ms ?? Number.NaN;
  out.push('', `## Cold start and bundle size (floor init ${floor} ms)`);
  out.push(
    row(['function', 'init_ms', '≤ 1.5 × floor', 'bundle bytes', '≤ 350 000']),
    row(['---', '---', '---', '---', '---']),
  );
  for (const [id, bytes] of Object.entries(f.bundle_bytes)) {
    const init = (f.cold_start[id] as { init_ms: number } | undefined)?.init_ms ?? Number.NaN;
    out.push(row([id, init, mark(init <= 1.5 * floor), bytes, mark(bytes <= 350_000)]));
  }
  out.push('');
  return out.join('\n');
}

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { FullAccountFigures } from './full-account-bench.js';

const run = promisify(execFile);

/** A tiny run of `npm run bench`, so the benchmark cannot rot. The full run stays out of CI. */
describe('Rule: the benchmark runs end to end and reports every figure the issue names', () => {
  it('writes bench.json and a Markdown report with throughput, request counts, latency, listing, cold start, bundle sizes, cost and scale', async () => {
    // Prepare
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'bench-')), 'bench.json');
    const flags = ['--accounts', '2', '--transactions', '100', '--concurrency', '2', '--task-accounts', '4'];
    flags.push(
      '--list-large',
      '300',
      '--list-small',
      '30',
      '--list-page-size',
      '20',
      '--cold-start-runs',
      '1',
      '--mix-accounts',
      '1',
      '--full-accounts',
      '1',
    );
    // Act
    await run(process.execPath, ['--import', 'tsx', 'test/bench/run.ts', ...flags, '--out', out], {
      env: { ...process.env, PORT: '0', DATA_IMPORT_EVENTS_FILE: '' },
      maxBuffer: 10 * 1024 * 1024,
    });
    // Assess
    const figures = JSON.parse(readFileSync(out, 'utf8'));
    expect(finite(figures.import.transactions_per_s)).toBe(true);
    expect(finite(figures.import.floor_transactions_per_s)).toBe(true);
    expect(finite(figures.import.ratio_to_floor)).toBe(true);
    expect(finite(figures.account_tasks.v2_accounts_per_s)).toBe(true);
    expect(finite(figures.account_tasks.v1_accounts_per_s)).toBe(true);
    for (const key of [
      'per_100_transactions',
      'per_1000_transactions',
      'per_note',
      'per_statement',
      'per_stage',
      'per_process',
    ]) {
      expect(finite(figures.ddb_requests[key]), key).toBe(true);
    }
    for (const variant of ['all_present', 'half_present']) {
      for (const key of ['per_100_transactions', 'per_1000_transactions']) {
        expect(finite(figures.ddb_requests[variant][key]), `${variant}.${key}`).toBe(true);
      }
    }
    expect(finite(figures.ddb_requests.all_present.per_note)).toBe(true);
    expect(finite(figures.ddb_requests.all_present.per_statement)).toBe(true);
    expect(finite(figures.ddb_requests.half_present.per_2_notes)).toBe(true);
    expect(finite(figures.ddb_requests.half_present.per_2_statements)).toBe(true);
    // Requests grow with N/100, not with N: ten times the transactions, well under ten times the requests.
    // A count, not a timing: only the measured API function's requests are counted (the runtime's
    // background workers share the client but not its invocation context), so it is the same on every run.
    expect(figures.ddb_requests.per_1000_transactions).toBeLessThan(
      5 * figures.ddb_requests.per_100_transactions,
    );
    for (const endpoint of ['stage', 'process', 'transactions', 'list_all']) {
      expect(finite(figures.latency_ms[endpoint]?.p50), endpoint).toBe(true);
      expect(finite(figures.latency_ms[endpoint]?.p99), endpoint).toBe(true);
    }
    expect(finite(figures.list.p50_ms_10k)).toBe(true);
    expect(finite(figures.list.p50_ms_100)).toBe(true);
    expect(finite(figures.cold_start.floor_init_ms)).toBe(true);
    const ids = Object.keys(figures.bundle_bytes);
    expect(ids).toContain('create-transactions');
    for (const id of ids) {
      expect(finite(figures.cold_start[id].init_ms), id).toBe(true);
      expect(finite(figures.bundle_bytes[id]), id).toBe(true);
      expect(figures.bundle_largest_modules[id], id).toHaveLength(3);
    }
    for (const key of ['per_million_transactions', 'per_thousand_accounts']) {
      for (const service of ['dynamodb', 'lambda', 'api_gateway', 'eventbridge', 'total']) {
        expect(finite(figures.cost_usd[key][service]), `${key}.${service}`).toBe(true);
      }
    }
    expect(figures.account_mix.calls.map((call: { what: string }) => call.what)).toEqual([
      'stage',
      'process',
      '100 transactions',
      '20 transactions',
      '2 notes',
      '3 statements',
      'payment instruction',
    ]);
    expect(finite(figures.scale_projection.hours)).toBe(true);
    expect(Object.keys(figures.scale_projection.hours_if_bound_by)).toContain(
      figures.scale_projection.bound_by,
    );
    for (const load of ['job', 'cli', 'floor']) {
      expect(finite(figures.bulk_job[load].transactions_per_s), load).toBe(true);
    }
    expect(finite(figures.bulk_job.ratio_to_cli)).toBe(true);
    expect(finite(figures.bulk_job.ratio_to_floor)).toBe(true);
    expect(finite(figures.bulk_job_projection.hours)).toBe(true);
    expect(finite(figures.bulk_job_projection.cost_usd.total)).toBe(true);
    expect(Object.keys(figures.bulk_job_projection.hours_if_bound_by)).toContain(
      figures.bulk_job_projection.bound_by,
    );
    expectFullAccountFigures(figures.full_account);
    const report = readFileSync(path.join(path.dirname(out), 'bench-report.md'), 'utf8');
    expect(report).toContain('cost_usd.per_thousand_accounts');
    expect(report).toContain('Scale projection');
    expect(report).toContain('Bulk job scale projection');
    expect(report).toContain('Full account projection');
  }, 300_000);
});

const finite = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** The full-account section's figures: finite times, units beside their floor, a projection. */
function expectFullAccountFigures(f: FullAccountFigures): void {
  for (const call of ['stage', 'process', 'creation'] as const) {
    expect(finite(f.time_ms[call].p50), call).toBe(true);
    expect(finite(f.time_ms[call].p95), call).toBe(true);
  }
  expect(finite(f.cloud_time_ms.p50)).toBe(true);
  for (const key of ['requests', 'write_units_measured', 'ratio_to_floor', 'events_per_account'] as const) {
    expect(finite(f[key]), key).toBe(true);
  }
  expect(finite(f.floor.write_units)).toBe(true);
  expect(Object.keys(f.floor.by_family)).toEqual(
    expect.arrayContaining(['ACCOUNT/ACCOUNT', 'OUTBOX/OUTBOX']),
  );
  expect(Object.keys(f.ddb.process.operations)).toContain('TransactWriteItemsCommand');
  expect(finite(f.projection.hours)).toBe(true);
  expect(Object.keys(f.projection.hours_if_bound_by)).toContain(f.projection.bound_by);
  for (const service of ['dynamodb', 'lambda', 'api_gateway', 'eventbridge', 'total'] as const) {
    expect(finite(f.projection.cost_usd[service]), service).toBe(true);
  }
}

describe('Rule: `--only full-account` creates full accounts alone and reports them beside their floor', () => {
  it('writes only the full_account figures and their tables', async () => {
    // Prepare
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'bench-full-')), 'bench.json');
    // Act
    await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'test/bench/run.ts',
        '--only',
        'full-account',
        '--full-accounts',
        '1',
        '--out',
        out,
      ],
      { env: { ...process.env, PORT: '0', DATA_IMPORT_EVENTS_FILE: '' }, maxBuffer: 10 * 1024 * 1024 },
    );
    // Assess
    const figures = JSON.parse(readFileSync(out, 'utf8'));
    expect(Object.keys(figures)).toEqual(['full_account']);
    expectFullAccountFigures(figures.full_account);
    const report = readFileSync(path.join(path.dirname(out), 'bench-report.md'), 'utf8');
    expect(report).toContain('| measured ÷ floor |');
    expect(report).toContain('Full account projection');
  }, 120_000);
});

describe('Rule: `--only cold-start` measures the bundles alone, without the local runtime', () => {
  it('writes the cold start, bundle size and largest modules of every function, and nothing else', async () => {
    // Prepare
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'bench-cold-')), 'bench.json');
    // Act
    await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'test/bench/run.ts',
        '--only',
        'cold-start',
        '--cold-start-runs',
        '1',
        '--out',
        out,
      ],
      { env: { ...process.env }, maxBuffer: 10 * 1024 * 1024 },
    );
    // Assess
    const figures = JSON.parse(readFileSync(out, 'utf8'));
    expect(Object.keys(figures).sort()).toEqual([
      'bundle_bytes',
      'bundle_largest_modules',
      'cold_start',
      'floor_bundle_bytes',
    ]);
    const ids = Object.keys(figures.bundle_bytes);
    expect(ids).toContain('obtain-service-token');
    for (const id of ids) {
      expect(figures.cold_start[id].init_ms, id).toBeGreaterThan(0);
      expect(figures.bundle_largest_modules[id], id).toHaveLength(3);
    }
    const report = readFileSync(path.join(path.dirname(out), 'bench-report.md'), 'utf8');
    expect(report).toContain('| function | init_ms | × floor | target | bundle bytes | bundle target |');
    expect(report).toMatch(/\| obtain-service-token \| [\d.]+ \| [\d.]+ \| ≤ 1\.5 (ok|MISSED) \|/);
    expect(report).toMatch(/\| run-bulk-job-lines \| [\d.]+ \| [\d.]+ \| ≤ 1\.5 (ok|MISSED) \|/);
  }, 300_000);
});

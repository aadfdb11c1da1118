import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSupplierStatus } from '../../functions/store/supplier-store.js';
import { type ApiServer, type ProxyHandler, startApiServer } from '../../infra/local/api-server.js';
import { loadHandler } from '../../infra/local/handlers.js';
import { accountPayload } from '../accounts/support/accounts.js';
import { newSupplierWithKey } from '../accounts/support/seed-processes.js';
import { goodAccount, readNdjson, runEtl, tempDir, writeLines } from './support/etl.js';

describe('Rule: etl load --retry PARTIAL,FAILED sends again the lines whose cause was fixed', () => {
  let server: ApiServer;
  /** The account whose first process the API refuses by pausing its supplier just before it. */
  const pauseAt = { supplier: '', external: '', paused: false };
  beforeAll(async () => {
    const load = async (id: string) => {
      const module = (await loadHandler(id)) as { handler: ProxyHandler };
      if (id !== 'process-account') return module;
      const handler: ProxyHandler = async (event, context) => {
        if (!pauseAt.paused && event.body?.includes(pauseAt.external)) {
          pauseAt.paused = true;
          await setSupplierStatus(pauseAt.supplier, 'Paused');
        }
        return module.handler(event, context);
      };
      return { ...module, handler };
    };
    server = await startApiServer({ port: 0, loadHandler: load });
  });
  afterAll(() => server.stop());

  it('a line refused at process because its supplier was paused: FAILED, not sent again by a plain re-run once the supplier is resumed, IMPORTED with --retry', async () => {
    // Prepare
    const { supplier, apiKey } = await newSupplierWithKey('ETLRETRY');
    const dir = tempDir('etl-retry');
    const good = accountPayload({}, supplier);
    const paused = accountPayload({}, supplier);
    Object.assign(pauseAt, { supplier, external: paused.external_account_number });
    const file = writeLines(dir, [good, paused]);
    const state = path.join(dir, 'state');
    const args = ['load', file, '--supplier', supplier, '--state', state, '--concurrency', '1'];
    const first = await runEtl(args, apiKey, server.url);
    await setSupplierStatus(supplier, 'Ongoing');

    // Act
    const plain = await runEtl(args, apiKey, server.url);
    const retried = await runEtl([...args, '--retry', 'PARTIAL,FAILED'], apiKey, server.url);

    // Assess
    expect(first.code, first.stderr).toBe(1);
    expect(first.stdout).toContain(
      `line 2  ${paused.external_account_number}  FAILED  process: import_supplier_paused`,
    );
    expect(first.stdout).toContain('--retry PARTIAL,FAILED');
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain(
      '2 already done by an earlier run, not sent again (1 of them PARTIAL or FAILED)',
    );
    expect(retried.code, retried.stdout).toBe(0);
    expect(retried.stdout).toContain('1 sent again (--retry)');
    expect(readNdjson(path.join(state, 'results.ndjson')).map((line) => line.status)).toEqual([
      'IMPORTED',
      'IMPORTED',
    ]);
  });

  it('refuses IMPORTED or an unknown status as --retry (exit 2)', async () => {
    // Act
    const run = await runEtl(['load', 'package.json', '--supplier', 'ACME', '--retry', 'IMPORTED']);
    // Assess
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--retry takes PARTIAL, FAILED or PARTIAL,FAILED');
  });
});

describe('Rule: the end of a run lists the lines that are not IMPORTED, and a resumed run counts the earlier ones', () => {
  it('lists line number, account and first error; the next run reports the same failed count', async () => {
    // Prepare
    const dir = tempDir('etl-failed-list');
    const bad = goodAccount('ETL-LIST-BAD');
    bad.customers[0].mobile = '12';
    const file = writeLines(dir, [goodAccount('ETL-LIST-OK'), bad]);
    const args = ['load', file, '--supplier', 'ACME', '--state', path.join(dir, 'state')];

    // Act
    const first = await runEtl(args);
    const second = await runEtl(args);

    // Assess
    for (const run of [first, second]) {
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/FAILED\s+1/);
      expect(run.stdout).toMatch(
        new RegExp(
          `line 2 {2}${bad.external_account_number} {2}FAILED {2}stage: \\w+ at customers\\.0\\.mobile`,
        ),
      );
    }
  });
});

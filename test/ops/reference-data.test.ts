import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/constructs/service-function.js';
import { v2Paths } from '../account-tasks/support.js';
import { accountPayload, paths } from '../accounts/support/accounts.js';
import { newSupplierWithKey } from '../accounts/support/seed-processes.js';
import { supplierSummaryPath } from '../accounts/support/supplier-recount.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { ops } from './support/ops-cli.js';

/**
 * Every integration test shares one runtime and table, and every account they send passes the
 * example set (infra/local/reference-data.json). A test here changes a kind only in a way no other
 * test's account can notice (a team added; `ledger_codes`, which no other test's account names,
 * unloaded for a moment) and loads the example set again after it.
 */
const EXAMPLE = 'infra/local/reference-data.json';
const scratch: string[] = [];

async function referenceFile(content: unknown): Promise<string> {
  const directory = path.join(PROJECT_ROOT, '.local');
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `reference-data-test-${randomUUID()}.json`);
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  scratch.push(file);
  return file;
}

afterEach(async () => {
  await Promise.all(scratch.splice(0).map((file) => rm(file, { force: true })));
  const restored = await ops('reference-data', 'load', EXAMPLE);
  expect(restored.code).toBe(0);
});

const example = async () => JSON.parse(await readFile(path.join(PROJECT_ROOT, EXAMPLE), 'utf8'));
const errorsOf = (json: { errors?: { attr: string; code: string }[] }) =>
  (json.errors ?? []).map(({ attr, code }) => ({ attr, code }));

describe('Rule: validation judges an account against the reference data the operator loads', () => {
  it('after reference-data load, validate-account/ refuses an unknown operations team with operations_team_name_does_not_exist and accepts the team just loaded', async () => {
    // Prepare
    const token = await obtainToken();
    const team = `Reference Test Team ${randomUUID()}`;
    const { operations_teams } = await example();
    const file = await referenceFile({ operations_teams: [...operations_teams, team] });
    // Act
    const loaded = await ops('reference-data', 'load', file);
    const shown = await ops('reference-data', 'show', 'operations_teams');
    const unknown = await api('POST', paths.validate, {
      token,
      body: accountPayload({ operations_team_name: 'No Such Team' }),
    });
    const known = await api('POST', paths.validate, {
      token,
      body: accountPayload({ operations_team_name: team }),
    });
    // Assess
    expect(loaded).toMatchObject({ code: 0, stdout: 'loaded operations_teams (6)\n' });
    expect(JSON.parse(shown.stdout)).toContain(team);
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe('account_failed_validation');
    expect(errorsOf(unknown.json)).toEqual([
      { attr: 'operations_team_name', code: 'operations_team_name_does_not_exist' },
    ]);
    expect(known.status).toBe(200);
    expect(known.json).not.toHaveProperty('warnings');
  }, 60_000);

  it('with a kind not loaded its rules are skipped, and validate-account/ (v1 and v2) answers 200 with reference_data_not_loaded naming the kind', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    payload.payment_instructions[0].ledger_code = 'NO_SUCH_LEDGER';
    const file = await referenceFile({ ledger_codes: [] });
    // Act
    const unloaded = await ops('reference-data', 'load', file);
    const shown = await ops('reference-data', 'show', 'ledger_codes');
    const v1 = await api('POST', paths.validate, { token, body: payload });
    const v2 = await api('POST', v2Paths.validate, { token, body: { payload } });
    await ops('reference-data', 'load', EXAMPLE);
    const judged = await api('POST', paths.validate, { token, body: payload });
    // Assess
    expect(unloaded).toMatchObject({ code: 0, stdout: 'unloaded ledger_codes\n' });
    expect(shown.stdout).toBe('ledger_codes: not loaded (its rules are skipped)\n');
    const warning = {
      attr: 'payment_instructions.0.ledger_code',
      code: 'reference_data_not_loaded',
      detail: expect.stringContaining('No ledger_codes reference data is loaded'),
      kind: 'ledger_codes',
    };
    expect(v1.status).toBe(200);
    expect(v1.json.warnings).toEqual([warning]);
    expect(v2.status).toBe(200);
    expect(v2.json.warnings).toEqual([{ ...warning, attr: 'payload.payment_instructions.0.ledger_code' }]);
    expect(judged.status).toBe(400);
    expect(errorsOf(judged.json)).toEqual([
      { attr: 'payment_instructions.0.ledger_code', code: 'ledger_code_does_not_exist' },
    ]);
  }, 60_000);

  it('a bad reference-data file is refused with every problem (exit 1) and changes nothing', async () => {
    // Prepare
    const file = await referenceFile({
      operations_teams: ['Only Team'],
      teams: ['X'],
      ledger_codes: ['MAIN', 'MAIN'],
    });
    const notJson = await referenceFile('{"operations_teams": [');
    // Act
    const refused = await ops('reference-data', 'load', file);
    const unreadable = await ops('reference-data', 'load', notJson);
    const shown = await ops('reference-data', 'show', 'operations_teams');
    // Assess
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('teams is not a kind of reference data');
    expect(refused.stderr).toContain('ledger_codes.1 repeats "MAIN"');
    expect(refused.stderr).toContain('was not loaded: nothing changed.');
    expect(unreadable.code).toBe(1);
    expect(unreadable.stderr).toContain('is not a readable JSON file');
    expect(JSON.parse(shown.stdout)).toEqual((await example()).operations_teams);
  }, 60_000);
});

describe('Rule: supplier put --setting sets a supplier’s import settings, shown in the supplier summary and applied by validation', () => {
  it('a setting set shows in the summary and refuses what it forbids; default forgets it; a bad setting is a usage error that changes nothing', async () => {
    // Prepare
    const { supplier, apiKey } = await newSupplierWithKey('SET');
    const token = await obtainToken(apiKey);
    const payload = accountPayload({}, supplier);
    // Act
    const put = await ops(
      'supplier',
      'put',
      supplier,
      '--setting',
      'consents_enabled=false',
      '--setting',
      'maximum_payment_day=28',
    );
    const summary = await api('GET', supplierSummaryPath(supplier), { token });
    const refused = await api('POST', paths.validate, { token, body: payload });
    const bad = await ops('supplier', 'put', supplier, '--setting', 'consents_enabled=maybe');
    const reset = await ops('supplier', 'put', supplier, '--setting', 'consents_enabled=default');
    const after = await api('GET', supplierSummaryPath(supplier), { token });
    const accepted = await api('POST', paths.validate, { token, body: payload });
    // Assess
    expect(put.code).toBe(0);
    expect(summary.json.settings).toMatchObject({
      consents_enabled: false,
      maximum_payment_day: 28,
      skip_supply_point_creation: false,
    });
    expect(summary.json.status).toBe('Ongoing');
    expect(errorsOf(refused.json)).toEqual([
      { attr: 'consents', code: 'field_not_enabled' },
      { attr: 'customers.0.consents', code: 'field_not_enabled' },
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--setting consents_enabled must be true, false or default');
    expect(reset.code).toBe(0);
    expect(after.json.settings).toMatchObject({ consents_enabled: true, maximum_payment_day: 28 });
    expect(accepted.status).toBe(200);
  }, 60_000);
});

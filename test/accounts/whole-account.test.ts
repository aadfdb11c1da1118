import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { withoutNulls } from '../../functions/rules/account/account.js';
import { getStagedAccount } from '../../functions/store/import-process-store.js';
import { allRuleCases } from '../account-rules/cases/all-cases.js';
import { judged } from '../account-rules/cases/case-shape.js';
import { exampleReferenceData, judgedWith } from '../account-rules/configuration/configuration-case.js';
import { v2Paths } from '../account-tasks/support.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { accountPayload, externalNumber, paths, processAccount, stage } from './support/accounts.js';

// A 5 MB body is parsed, validated and stored several times over on a shared runtime.
vi.setConfig({ testTimeout: 120_000 });

const today = () => new Date().toISOString().slice(0, 10);
type ErrorPair = readonly [attr: string, code: string];
const pairs = (errors: { attr: string; code: string }[]): ErrorPair[] =>
  errors.map(({ attr, code }) => [attr, code]);

/** The account grown to about `bytes` of JSON with notes of random text (so that it does not compress). */
function largeAccount(bytes: number) {
  const account = accountPayload();
  const notes: { body: string; created_at: string }[] = [];
  for (let size = JSON.stringify(account).length, n = 0; size < bytes; n += 1) {
    // Bodies of 32 KB: the account stays within the notes one creation writes.
    const body = randomBytes(24_000).toString('base64');
    notes.push({ body, created_at: `2024-02-01T00:00:${String(n % 60).padStart(2, '0')}Z` });
    size += body.length + 60;
  }
  account.notes = notes;
  return account;
}

/**
 * What validate-account/ answers for an account: the payload's rules, then those it needs the
 * platform's configuration for (the local example reference data, the seeded supplier's default
 * settings: a case that breaks a payload rule may also break one of those, as on the platform).
 */
const routeJudged = (account: Record<string, unknown>): ErrorPair[] => [
  ...judged(account, today()),
  ...judgedWith(account, exampleReferenceData(), {}, today()).errors,
];

describe('Rule: every published rule the payload decides answers its code at its path, through the route', () => {
  it('each rule case, sent to validate-account/, answers exactly what the rules answer for it', async () => {
    // Prepare
    const token = await obtainToken();
    const mismatches: string[] = [];
    let breaking = 0;
    for (const ruleCase of allRuleCases) {
      const account = accountPayload();
      ruleCase.change(account);
      const expected = routeJudged(account);
      // Act
      const response = await api('POST', paths.validate, { token, body: account });
      // Assess (collected: one line per case that answers otherwise)
      const answered: ErrorPair[] = response.status === 400 ? pairs(response.json.errors) : [];
      if (expected.length > 0) breaking += 1;
      if (JSON.stringify(answered) !== JSON.stringify(expected)) {
        mismatches.push(
          `${ruleCase.rule} / ${ruleCase.when}: ${JSON.stringify(answered)} ≠ ${JSON.stringify(expected)}`,
        );
      }
    }
    expect(mismatches).toEqual([]);
    // Most cases break their rule today as on the day they were written for (some are about dates).
    expect(breaking).toBeGreaterThan(allRuleCases.length * 0.9);
  });

  it('v2 validate answers the same codes at `payload.` paths', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    payload.supply_addresses[0].meter_points[1].identifier = '12';
    // Act
    const response = await api('POST', v2Paths.validate, { token, body: { payload } });
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('account_failed_validation');
    expect(pairs(response.json.errors)).toContainEqual([
      'payload.supply_addresses.0.meter_points.1.identifier',
      'invalid_supply_point_identifier',
    ]);
  });

  it('v2: the request’s own errors and the account’s come in one answer', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload({ nickname: 'x' });
    // Act
    const response = await api('POST', v2Paths.schedule, {
      token,
      body: { payload, task_params: { is_dry_run: 'yes' } },
    });
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('invalid_request');
    expect(pairs(response.json.errors)).toEqual(
      expect.arrayContaining([
        ['task_params.is_dry_run', 'invalid_type'],
        ['payload.nickname', 'unknown_field'],
      ]),
    );
  });
});

describe('Rule: a deprecated field is accepted, and the answer names it in `warnings`', () => {
  const warning = (attr: string) => ({
    attr,
    code: 'deprecated_field',
    detail: expect.any(String),
    use_instead: 'payment_instructions.reference',
  });

  it('v1 validate and stage carry the warning; an account without deprecated fields has no `warnings`', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload({ dd_reference: 'DD-000482' });
    // Act
    const validated = await api('POST', paths.validate, { token, body: payload });
    const staged = await stage(token, payload);
    const plain = await stage(token, accountPayload());
    // Assess
    expect(validated.status).toBe(200);
    expect(validated.json.warnings).toEqual([warning('dd_reference')]);
    expect(staged.status).toBe(201);
    expect(staged.json).toEqual({
      import_supplier: 'ACME',
      external_account_number: payload.external_account_number,
      warnings: [warning('dd_reference')],
    });
    expect(plain.json).not.toHaveProperty('warnings');
  });

  it('v2 validate and schedule carry it at `payload.`', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload({ dd_reference: 'DD-000482' });
    // Act
    const validated = await api('POST', v2Paths.validate, { token, body: { payload } });
    const scheduled = await api('POST', v2Paths.schedule, {
      token,
      body: { payload, task_params: { is_dry_run: true } },
    });
    // Assess
    expect(validated.json.warnings).toEqual([warning('payload.dd_reference')]);
    expect(scheduled.status).toBe(201);
    expect(scheduled.json.warnings).toEqual([warning('payload.dd_reference')]);
  });
});

describe('Rule: the whole payload is kept, up to 6 MB, and staging again replaces it whole', () => {
  it('a 5 MB account that does not compress stages, reads back whole, restages whole and is created', async () => {
    // Prepare
    const token = await obtainToken();
    const account = largeAccount(5_000_000);
    const external: string = account.external_account_number;
    // Act
    const first = await stage(token, account);
    const stored = (await getStagedAccount('ACME', external))?.account;
    const smaller = { ...account, notes: account.notes.slice(0, 10) };
    const again = await stage(token, smaller);
    const restaged = (await getStagedAccount('ACME', external))?.account;
    const created = await processAccount(token, 'ACME', external);
    // Assess
    expect(first.status).toBe(201);
    expect(stored).toEqual(withoutNulls(account));
    expect(again.status).toBe(200);
    expect(restaged).toEqual(withoutNulls(smaller));
    expect(created.status).toBe(201);
  });

  it('a body over 6 MB is 413 payload_too_large and nothing is staged', async () => {
    // Prepare
    const token = await obtainToken();
    const account = largeAccount(6_400_000);
    account.external_account_number = externalNumber('BIG');
    // Act
    const response = await stage(token, account);
    // Assess
    expect(response.status).toBe(413);
    expect(response.json.code).toBe('payload_too_large');
    expect((await getStagedAccount('ACME', account.external_account_number))?.account).toBeUndefined();
  });
});

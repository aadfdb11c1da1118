import { randomUUID } from 'node:crypto';
import { domesticDualFuelAccount } from '../../account-schema/energy-account-fixture.js';
import { api } from '../../support/http.js';
import { randomMpan, randomMprn } from '../../support/meter-points.js';

/** A unique external account number per test (tests run in parallel on one table). */
export function externalNumber(prefix = 'EXT'): string {
  return `${prefix}-${randomUUID()}`;
}

/**
 * A complete, valid account payload (the platform's published `EnergyAccount`: the realistic
 * domestic dual-fuel account of test/account-schema/energy-account-fixture.ts) for `supplier`,
 * with a fresh external account number and fresh meter points (a meter point belongs to one
 * account, and tests run in parallel on one table).
 */
export function accountPayload(
  overrides: Record<string, unknown> = {},
  supplier = 'ACME',
  // biome-ignore lint/suspicious/noExplicitAny: tests break payloads in every way, including types
): Record<string, any> {
  const account = domesticDualFuelAccount();
  const [electricity, gas] = account.supply_addresses[0]!.meter_points;
  const mpan = randomMpan();
  electricity!.identifier = mpan;
  gas!.identifier = randomMprn();
  for (const transaction of account.historical_statement_transactions) {
    if ('supply_point_identifier' in transaction) transaction.supply_point_identifier = mpan;
  }
  return { ...account, import_supplier: supplier, external_account_number: externalNumber(), ...overrides };
}

export const paths = {
  validate: '/v1/data-import/validate-account/',
  stage: '/v1/data-import/account-import-process/create-or-update/',
  process: '/v1/data-import/account-import-process/process/',
  status: (supplier: string, external: string) =>
    `/v1/data-import/account-transfer-status/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}/`,
  all: (supplier: string) => `/v1/data-import/all-account-import-processes/${encodeURIComponent(supplier)}/`,
  pending: (supplier: string) =>
    `/v1/data-import/pending-account-import-processes/${encodeURIComponent(supplier)}/`,
  imported: (supplier: string) =>
    `/v1/data-import/imported-account-import-processes/${encodeURIComponent(supplier)}/`,
};

/** Stages a payload over HTTP and returns the response. */
export function stage(token: string, payload: Record<string, unknown>) {
  return api('POST', paths.stage, { token, body: payload });
}

export function processAccount(token: string, supplier: string, external: string, dryRun?: boolean) {
  return api('POST', paths.process, {
    token,
    body: {
      import_supplier: supplier,
      external_account_number: external,
      ...(dryRun === undefined ? {} : { dry_run: dryRun }),
    },
  });
}

/** How long tests wait for events (the shared runtime's stream can lag under bulk seeding). */
export const EVENT_WAIT = { timeoutMs: 60_000 };

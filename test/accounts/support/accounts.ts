import { randomUUID } from 'node:crypto';
import { api } from '../../support/http.js';
import { randomMpan, randomMprn } from '../../support/meter-points.js';

/** A unique external account number per test (tests run in parallel on one table). */
export function externalNumber(prefix = 'EXT'): string {
  return `${prefix}-${randomUUID()}`;
}

/** A complete, valid account payload (every documented field, fresh meter points), for `supplier`. */
export function accountPayload(
  overrides: Record<string, unknown> = {},
  supplier = 'ACME',
  // biome-ignore lint/suspicious/noExplicitAny: tests break payloads in every way, including types
): Record<string, any> {
  return {
    import_supplier: supplier,
    external_account_number: externalNumber(),
    account_type: 'DOMESTIC',
    customers: [
      {
        title: 'Dr',
        given_name: 'Ada',
        family_name: 'Lovelace',
        email: 'ada@example.com',
        mobile: '07911 123456',
        landline: '020 7946 0000',
        date_of_birth: '1985-12-10',
      },
      { given_name: 'Charles', family_name: 'Babbage' },
      { given_name: 'Mary', family_name: 'Somerville', email: 'mary@example.com' },
    ],
    billing_address: { address1: '1 Analytical Row', address2: 'Marylebone', postcode: 'nw1 6xe' },
    supply_addresses: [
      {
        address1: '1 Analytical Row',
        postcode: 'NW16XE',
        customer_at_supply_address_from_date: '2020-01-01',
        meter_points: [
          {
            supply_type: 'ELECTRICITY',
            identifier: randomMpan(),
            agreements: [{ product_code: 'VAR-22-11-01', effective_from: '2023-01-01' }],
          },
          { supply_type: 'GAS', identifier: randomMprn() },
        ],
      },
    ],
    last_billed_to_date: '2024-03-31',
    transfer_balance: '-12.5',
    references: [{ namespace: 'legacy-crm', value: 'CRM-42' }],
    metadata: [{ key: 'segment', value: 'early-adopter' }],
    ...overrides,
  };
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

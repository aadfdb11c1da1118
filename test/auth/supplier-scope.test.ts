import { beforeAll, describe, expect, it } from 'vitest';
import { authorization, obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';

/**
 * Supplier scope: a token for GLOBEX gets 403 permission_denied on
 * every endpoint naming ACME, GET (path supplier) and POST (body supplier). Bodies are valid
 * enough to pass the 400 shape checks, which come before the scope check.
 */
const base = '/v1/data-import';
const account = 'SCOPE-0001';
const today = new Date().toISOString().slice(0, 10);

const postBodies: { name: string; path: string; body: Record<string, unknown> }[] = [
  {
    name: 'validate-account',
    path: `${base}/validate-account/`,
    body: accountPayload('ACME'),
  },
  {
    name: 'account-import-process/create-or-update',
    path: `${base}/account-import-process/create-or-update/`,
    body: accountPayload('ACME'),
  },
  {
    name: 'account-import-process/process',
    path: `${base}/account-import-process/process/`,
    body: { import_supplier: 'ACME', external_account_number: account },
  },
  {
    name: 'notes/create',
    path: `${base}/notes/create/`,
    body: { import_supplier: 'ACME', external_account_number: account, notes: [{ body: 'A note.' }] },
  },
  {
    name: 'transactions/create',
    path: `${base}/transactions/create/`,
    body: {
      import_supplier: 'ACME',
      external_account_number: account,
      transactions: [{ transaction_id: 'T-1', transaction_date: today, amount: 10, type: 'CREDIT' }],
    },
  },
  {
    name: 'historical-statements/create',
    path: `${base}/historical-statements/create/`,
    body: {
      import_supplier: 'ACME',
      external_account_number: account,
      statements: [
        {
          statement_id: 'S-1',
          bill_period_from_date: '2024-01-01',
          bill_period_to_date: '2024-01-31',
          issued_date: '2024-02-01',
          number: '1',
          gross_amount: 12.5,
        },
      ],
    },
  },
  {
    name: 'payment-instruction/create',
    path: `${base}/payment-instruction/create/`,
    body: {
      import_supplier: 'ACME',
      external_account_number: account,
      vendor: 'STRIPE',
      reference: 'pm_scope_test',
      type: 'CARD',
    },
  },
];

const getPaths: { name: string; path: string }[] = [
  { name: 'account-transfer-status', path: `${base}/account-transfer-status/ACME/${account}/` },
  { name: 'all-account-import-processes', path: `${base}/all-account-import-processes/ACME/` },
  { name: 'pending-account-import-processes', path: `${base}/pending-account-import-processes/ACME/` },
  { name: 'imported-account-import-processes', path: `${base}/imported-account-import-processes/ACME/` },
];

function accountPayload(supplier: string, externalAccountNumber = account): Record<string, unknown> {
  return {
    import_supplier: supplier,
    external_account_number: externalAccountNumber,
    account_type: 'DOMESTIC',
    billing_name: 'Ada Lovelace',
    customers: [{ given_name: 'Ada', family_name: 'Lovelace', account_roles: ['ADMIN'] }],
    billing_address: {
      country: 'GB',
      street_address: '1 High Street',
      locality: 'London',
      postal_code: 'SW1A 1AA',
    },
    last_billed_to_date: '2024-01-31',
  };
}

let globex: string;
let acme: string;
beforeAll(async () => {
  globex = await obtainToken('local-dev-key-globex');
  acme = await obtainToken('local-dev-key-acme');
});

describe('Rule: a POST naming a supplier outside the token scope gets 403 permission_denied', () => {
  it.each(postBodies)('POST $name for ACME with a GLOBEX token → 403', async ({ path, body }) => {
    // Prepare: a body that passes the request-shape checks
    // Act
    const response = await api('POST', path, { body, headers: authorization(globex) });
    // Assess
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ detail: expect.any(String), code: 'permission_denied' });
  });

  it('the 403 writes nothing: the ACME account was not staged by the GLOBEX token', async () => {
    // Prepare
    const external = 'SCOPE-NOT-STAGED';
    await api('POST', `${base}/account-import-process/create-or-update/`, {
      body: accountPayload('ACME', external),
      headers: authorization(globex),
    });
    // Act
    const status = await api('GET', `${base}/account-transfer-status/ACME/${external}/`, {
      headers: authorization(acme),
    });
    // Assess
    expect(status.status).toBe(404);
  });
});

describe('Rule: a GET naming a supplier outside the token scope gets 403 permission_denied', () => {
  it.each(getPaths)('GET $name for ACME with a GLOBEX token → 403', async ({ path }) => {
    // Prepare: the seeded GLOBEX key's token
    // Act
    const response = await api('GET', path, { headers: authorization(globex) });
    // Assess
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ detail: expect.any(String), code: 'permission_denied' });
  });

  it('the same GET with an ACME token is not refused for scope', async () => {
    // Prepare: the seeded ACME key's token
    // Act
    const response = await api('GET', `${base}/all-account-import-processes/ACME/`, {
      headers: authorization(acme),
    });
    // Assess
    expect(response.status).toBe(200);
  });

  it('an unknown supplier is not a scope problem: 404 import_supplier_not_found', async () => {
    // Prepare: a supplier code that does not exist
    // Act
    const response = await api('GET', `${base}/all-account-import-processes/NO-SUCH-SUPPLIER/`, {
      headers: authorization(globex),
    });
    // Assess
    expect(response.status).toBe(404);
    expect(response.json.code).toBe('import_supplier_not_found');
  });
});

describe("Rule: lists never contain another supplier's accounts", () => {
  const acmeAccount = `SCOPE-ACME-${Date.now()}`;
  const globexAccount = `SCOPE-GLOBEX-${Date.now()}`;

  beforeAll(async () => {
    const staged = await Promise.all([
      api('POST', `${base}/account-import-process/create-or-update/`, {
        body: accountPayload('ACME', acmeAccount),
        headers: authorization(acme),
      }),
      api('POST', `${base}/account-import-process/create-or-update/`, {
        body: accountPayload('GLOBEX', globexAccount),
        headers: authorization(globex),
      }),
    ]);
    expect(staged.map((response) => response.status)).toEqual([201, 201]);
  });

  it.each(['all-account-import-processes', 'pending-account-import-processes'])(
    'GLOBEX %s lists its own account and none of ACME',
    async (list) => {
      // Prepare: one account staged for each supplier
      // Act
      const response = await api('GET', `${base}/${list}/GLOBEX/`, { headers: authorization(globex) });
      // Assess
      expect(response.status).toBe(200);
      const numbers = (response.json as { external_account_number: string }[]).map(
        (item) => item.external_account_number,
      );
      expect(numbers).toContain(globexAccount);
      expect(numbers).not.toContain(acmeAccount);
      expect(numbers.filter((number) => number.startsWith('SCOPE-ACME-'))).toEqual([]);
    },
  );
});

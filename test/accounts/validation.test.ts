import { describe, expect, it } from 'vitest';
import { withoutNulls } from '../../functions/rules/account/account.js';
import { getImportProcess } from '../../functions/store/import-process-store.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { accountPayload, paths } from './support/accounts.js';

// biome-ignore lint/suspicious/noExplicitAny: tests break payloads in every way, including types
type Payload = Record<string, any>;

async function validateAccount(payload: unknown) {
  return api('POST', paths.validate, { token: await obtainToken(), body: payload });
}

function withChange(change: (payload: Payload) => void): Payload {
  const payload = accountPayload();
  change(payload);
  return payload;
}

const ELECTRICITY = 'supply_addresses.0.meter_points.0';

/**
 * Each case: how the whole account is broken, and the one error (attr, code) it must produce.
 * The published rules have their own cases (test/account-rules/, and every one of them through
 * the route in ./whole-account.test.ts); these are the schema's answers and the service's own rules.
 */
const cases: [string, (payload: Payload) => void, string, string][] = [
  ['a required top-level field is missing', (p) => delete p.import_supplier, 'import_supplier', 'required'],
  [
    'a required supply address field is missing',
    (p) => delete p.supply_addresses[0].supply_postcode,
    'supply_addresses.0.supply_postcode',
    'required',
  ],
  [
    'an agreement without tariff_code',
    (p) => delete p.supply_addresses[0].meter_points[0].agreements[0].tariff_code,
    `${ELECTRICITY}.agreements.0.tariff_code`,
    'required',
  ],
  ['customers is not an array', (p) => (p.customers = { given_name: 'A' }), 'customers', 'invalid_type'],
  ['a name is a number', (p) => (p.customers[0].given_name = 42), 'customers.0.given_name', 'invalid_type'],
  ['billing_address is a string', (p) => (p.billing_address = '1 Road'), 'billing_address', 'invalid_type'],
  ['transfer_balance is a boolean', (p) => (p.transfer_balance = true), 'transfer_balance', 'invalid_type'],
  ['an unknown top-level field', (p) => (p.nickname = 'x'), 'nickname', 'unknown_field'],
  [
    'an unknown nested field',
    (p) => (p.supply_addresses[0].meter_points[0].serial = 'x'),
    `${ELECTRICITY}.serial`,
    'unknown_field',
  ],
  [
    'a field of the other union branch (a gas field on an electricity meter point)',
    (p) => (p.supply_addresses[0].meter_points[0].ldz = 'SE'),
    `${ELECTRICITY}.ldz`,
    'unknown_field',
  ],
  [
    'an unknown discriminator value',
    (p) => (p.supply_addresses[0].meter_points[0].supply_type = 'WATER'),
    `${ELECTRICITY}.supply_type`,
    'invalid_choice',
  ],
  [
    'an unknown transaction type',
    (p) => (p.current_statement_transactions[0].type = 'REFUND'),
    'current_statement_transactions.0.type',
    'invalid_choice',
  ],
  [
    'a date that does not exist',
    (p) => (p.customers[0].date_of_birth = '1985-02-30'),
    'customers.0.date_of_birth',
    'invalid_date',
  ],
  ['null on a field that is not nullable', (p) => (p.billing_name = null), 'billing_name', 'invalid_type'],
  [
    'an external account number that cannot appear in a URL',
    (p) => (p.external_account_number = 'A/1'),
    'external_account_number',
    'invalid_format',
  ],
  [
    'an MPAN with a wrong check digit (the published code)',
    (p) => {
      const identifier: string = p.supply_addresses[0].meter_points[0].identifier;
      p.supply_addresses[0].meter_points[0].identifier = `${identifier.slice(0, 12)}${(Number(identifier[12]) + 1) % 10}`;
    },
    `${ELECTRICITY}.identifier`,
    'invalid_supply_point_identifier',
  ],
  [
    'a last billed date in the future (the open statement period starts the day after)',
    (p) => (p.last_billed_to_date = '2999-01-01'),
    'last_billed_to_date',
    'date_in_future',
  ],
  [
    'an embedded transaction amount with three decimal places (transactions/create/’s rule)',
    (p) => (p.current_statement_transactions[0].amount = '85.001'),
    'current_statement_transactions.0.amount',
    'too_many_decimal_places',
  ],
  [
    'a transaction_id in both transaction lists',
    (p) =>
      (p.historical_statement_transactions[1].transaction_id =
        p.current_statement_transactions[0].transaction_id),
    'historical_statement_transactions.1.transaction_id',
    'duplicate_transaction_ids',
  ],
  [
    'an embedded note with unpin_at but not pinned (notes/create/’s rule)',
    (p) => {
      p.notes[0].is_pinned = false;
      p.notes[0].unpin_at = '2024-02-20T09:30:00Z';
    },
    'notes.0.unpin_at',
    'unpin_at_requires_is_pinned',
  ],
];

describe('Account payload validation: 400 account_failed_validation with attr dot paths', () => {
  for (const [name, change, attr, code] of cases) {
    it(`${code}: ${name}`, async () => {
      // Prepare
      const payload = withChange(change);

      // Act
      const response = await validateAccount(payload);

      // Assess
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ code: 'account_failed_validation', detail: expect.any(String) });
      expect(response.json.errors).toContainEqual({ attr, code, detail: expect.any(String) });
    });
  }

  it('reports every error of the payload at once', async () => {
    // Prepare
    const payload = withChange((p) => {
      p.nickname = 'x';
      p.customers[0].date_of_birth = '1985-02-30';
      p.current_statement_transactions[0].amount = '85.001';
    });
    // Act
    const response = await validateAccount(payload);
    // Assess: the schema's errors come alone (the rules judge only an account that passed it)
    expect(
      response.json.errors.map((e: { attr: string; code: string }) => `${e.attr}:${e.code}`).sort(),
    ).toEqual(['customers.0.date_of_birth:invalid_date', 'nickname:unknown_field']);
  });
});

describe('Rule: a date in the wrong format names the expected format', () => {
  it('invalid_date: the detail says YYYY-MM-DD', async () => {
    // Prepare
    const payload = withChange((p) => (p.last_billed_to_date = '31/03/2024'));
    // Act
    const response = await validateAccount(payload);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toContainEqual({
      attr: 'last_billed_to_date',
      code: 'invalid_date',
      detail: 'Must be a date in the format YYYY-MM-DD (a day that exists), e.g. 2026-02-01.',
    });
  });
});

describe('validate-account/ returns the validated, normalised payload', () => {
  it('leaves out every field sent as null (null means absent) and keeps the rest as sent', async () => {
    // Prepare
    const payload = accountPayload();
    // Act
    const response = await validateAccount(payload);
    // Assess
    expect(response.status).toBe(200);
    expect(response.json).toEqual(withoutNulls(payload));
    expect(response.json.customers[1]).not.toHaveProperty('email');
  });

  it('accepts the minimum payload: the reference, a billing address and where billing starts', async () => {
    // Prepare
    const payload = {
      import_supplier: 'ACME',
      external_account_number: 'MIN-1',
      billing_address: {
        country: 'GB',
        street_address: '1 Road',
        locality: 'London',
        postal_code: 'EC1A 1BB',
      },
      last_billed_to_date: '2024-01-31',
    };
    // Act
    const response = await validateAccount(payload);
    // Assess
    expect(response.status).toBe(200);
    expect(response.json).toEqual(payload);
  });
});

describe('Malformed JSON, unknown fields and wrong types on the three POSTs', () => {
  const posts = [
    [paths.validate, 'account_failed_validation', () => accountPayload()],
    [paths.stage, 'account_failed_validation', () => accountPayload()],
    [paths.process, 'invalid_request', () => ({ import_supplier: 'ACME', external_account_number: 'X-1' })],
  ] as const;

  for (const [path, summary, body] of posts) {
    it(`${path}: malformed JSON is a 400 parse_error with no errors`, async () => {
      const response = await api('POST', path, {
        token: await obtainToken(),
        rawBody: '{"import_supplier": "ACME",',
      });
      expect(response.status).toBe(400);
      expect(response.json).toEqual({ detail: expect.any(String), code: 'parse_error', errors: [] });
    });

    it(`${path}: an unknown field is a 400 unknown_field`, async () => {
      const response = await api('POST', path, {
        token: await obtainToken(),
        body: { ...body(), surprise: 1 },
      });
      expect(response.status).toBe(400);
      expect(response.json.code).toBe(summary);
      expect(response.json.errors).toContainEqual({
        attr: 'surprise',
        code: 'unknown_field',
        detail: expect.any(String),
      });
    });

    it(`${path}: a wrong type is a 400 invalid_type`, async () => {
      const response = await api('POST', path, {
        token: await obtainToken(),
        body: { ...body(), external_account_number: 12 },
      });
      expect(response.status).toBe(400);
      expect(response.json.code).toBe(summary);
      expect(response.json.errors).toContainEqual({
        attr: 'external_account_number',
        code: 'invalid_type',
        detail: expect.any(String),
      });
    });

    it(`${path}: a body that is not an object is a 400 invalid_type`, async () => {
      const response = await api('POST', path, { token: await obtainToken(), body: [1, 2] });
      expect(response.status).toBe(400);
      expect(response.json.errors).toContainEqual({
        attr: '',
        code: 'invalid_type',
        detail: expect.any(String),
      });
    });
  }

  it('process/: dry_run must be a boolean', async () => {
    const response = await api('POST', paths.process, {
      token: await obtainToken(),
      body: { import_supplier: 'ACME', external_account_number: 'X-1', dry_run: 'yes' },
    });
    expect(response.status).toBe(400);
    expect(response.json.errors).toContainEqual({
      attr: 'dry_run',
      code: 'invalid_type',
      detail: expect.any(String),
    });
  });
});

describe('A staging that fails validation writes nothing', () => {
  it('leaves no import process behind', async () => {
    const payload = withChange((p) => (p.customers[0].date_of_birth = '1985-02-30'));
    const response = await api('POST', paths.stage, { token: await obtainToken(), body: payload });
    expect(response.status).toBe(400);
    expect(await getImportProcess('ACME', payload.external_account_number)).toBeUndefined();
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getImportProcess } from '../../functions/store/import-process-store.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';
import { randomMpan, randomMprn } from '../support/meter-points.js';
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

/** Each case: how the payload is broken, and the one error (attr, code) it must produce. */
const cases: [string, (payload: Payload) => void, string, string][] = [
  ['a required top-level field is missing', (p) => delete p.account_type, 'account_type', 'required'],
  [
    'a required nested field is missing',
    (p) => delete p.customers[1].family_name,
    'customers.1.family_name',
    'required',
  ],
  [
    'a required supply address field is missing',
    (p) => delete p.supply_addresses[0].meter_points,
    'supply_addresses.0.meter_points',
    'required',
  ],
  [
    'an agreement without product_code',
    (p) => delete p.supply_addresses[0].meter_points[0].agreements[0].product_code,
    'supply_addresses.0.meter_points.0.agreements.0.product_code',
    'required',
  ],
  ['a reference without value', (p) => delete p.references[0].value, 'references.0.value', 'required'],
  ['a metadata item without key', (p) => delete p.metadata[0].key, 'metadata.0.key', 'required'],
  ['customers is not an array', (p) => (p.customers = { given_name: 'A' }), 'customers', 'invalid_type'],
  ['a name is a number', (p) => (p.customers[0].given_name = 42), 'customers.0.given_name', 'invalid_type'],
  ['billing_address is a string', (p) => (p.billing_address = '1 Road'), 'billing_address', 'invalid_type'],
  ['transfer_balance is a boolean', (p) => (p.transfer_balance = true), 'transfer_balance', 'invalid_type'],
  ['an unknown top-level field', (p) => (p.nickname = 'x'), 'nickname', 'unknown_field'],
  [
    'an unknown nested field',
    (p) => (p.supply_addresses[0].meter_points[0].serial = 'x'),
    'supply_addresses.0.meter_points.0.serial',
    'unknown_field',
  ],
  [
    'a date that does not exist',
    (p) => (p.customers[0].date_of_birth = '1985-02-30'),
    'customers.0.date_of_birth',
    'invalid_date',
  ],
  [
    'a date in another format',
    (p) => (p.last_billed_to_date = '31/03/2024'),
    'last_billed_to_date',
    'invalid_date',
  ],
  [
    'an agreement effective_from that is not a date',
    (p) => (p.supply_addresses[0].meter_points[0].agreements[0].effective_from = 'soon'),
    'supply_addresses.0.meter_points.0.agreements.0.effective_from',
    'invalid_date',
  ],
  [
    'a malformed e-mail',
    (p) => (p.customers[0].email = 'ada-at-example.com'),
    'customers.0.email',
    'invalid_email',
  ],
  [
    'account_type outside the enumeration',
    (p) => (p.account_type = 'COMMERCIAL'),
    'account_type',
    'invalid_choice',
  ],
  [
    'supply_type outside the enumeration',
    (p) => (p.supply_addresses[0].meter_points[1].supply_type = 'WATER'),
    'supply_addresses.0.meter_points.1.supply_type',
    'invalid_choice',
  ],
  [
    'more than 1000 customers',
    (p) => (p.customers = Array.from({ length: 1001 }, () => ({ given_name: 'A', family_name: 'B' }))),
    'customers',
    'too_many_items',
  ],
  [
    'more than 1000 references',
    (p) => (p.references = Array.from({ length: 1001 }, (_, i) => ({ namespace: 'n', value: `${i}` }))),
    'references',
    'too_many_items',
  ],
  ['no customers', (p) => (p.customers = []), 'customers', 'too_few_items'],
  [
    'a supply address without meter points',
    (p) => (p.supply_addresses[0].meter_points = []),
    'supply_addresses.0.meter_points',
    'too_few_items',
  ],
  ['a blank required string', (p) => (p.billing_address.address1 = ''), 'billing_address.address1', 'blank'],
  [
    'a string over 10 000 characters',
    (p) => (p.metadata[0].value = 'x'.repeat(10_001)),
    'metadata.0.value',
    'too_long',
  ],
  [
    'an external account number with a slash',
    (p) => (p.external_account_number = 'A/1'),
    'external_account_number',
    'invalid_format',
  ],
];

/** Rules checked after the schema (the payload is well-formed). */
const ruleCases: [string, (payload: Payload) => void, string, string][] = [
  [
    'an invalid mobile number',
    (p) => (p.customers[0].mobile = '12345'),
    'customers.0.mobile',
    'invalid_phone_number',
  ],
  [
    'an invalid landline number',
    (p) => (p.customers[0].landline = 'call me'),
    'customers.0.landline',
    'invalid_phone_number',
  ],
  [
    'a national number that is not valid in the billing country',
    (p) => {
      p.billing_address = { address1: '1 rue de Rivoli', postcode: '75001', country: 'FR' };
      p.customers[0].mobile = '07911 123456';
    },
    'customers.0.mobile',
    'invalid_phone_number',
  ],
  [
    'an invalid GB billing postcode',
    (p) => (p.billing_address.postcode = 'NOT A POSTCODE'),
    'billing_address.postcode',
    'invalid_postcode',
  ],
  [
    'an invalid supply postcode',
    (p) => (p.supply_addresses[0].postcode = '12345'),
    'supply_addresses.0.postcode',
    'invalid_postcode',
  ],
  [
    'an invalid postcode for the billing country',
    (p) => (p.billing_address = { address1: 'a', postcode: 'ABCDE', country: 'US' }),
    'billing_address.postcode',
    'invalid_postcode',
  ],
  [
    'a date of birth in the future',
    (p) => (p.customers[0].date_of_birth = '2999-01-01'),
    'customers.0.date_of_birth',
    'date_in_future',
  ],
  [
    'a last billed date in the future',
    (p) => (p.last_billed_to_date = '2999-01-01'),
    'last_billed_to_date',
    'date_in_future',
  ],
  [
    'a country that is not ISO 3166-1 alpha-2',
    (p) => (p.billing_address.country = 'UK'),
    'billing_address.country',
    'invalid_choice',
  ],
  [
    'a transfer balance that is not a decimal',
    (p) => (p.transfer_balance = '12,50'),
    'transfer_balance',
    'invalid_decimal',
  ],
  [
    'a transfer balance with 3 decimal places',
    (p) => (p.transfer_balance = '1.005'),
    'transfer_balance',
    'too_many_decimal_places',
  ],
  [
    'a numeric transfer balance with 3 decimal places',
    (p) => (p.transfer_balance = 0.125),
    'transfer_balance',
    'too_many_decimal_places',
  ],
  [
    'account data too large to store',
    (p) =>
      (p.metadata = Array.from({ length: 1000 }, (_, i) => ({
        key: `k${i}`,
        value: randomBytes(450).toString('base64'),
      }))),
    '',
    'account_too_large',
  ],
];

describe('Account payload validation: 400 account_failed_validation with attr dot paths', () => {
  for (const [name, change, attr, code] of [...cases, ...ruleCases]) {
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
    const payload = withChange((p) => {
      p.customers[0].mobile = '123';
      p.customers[0].date_of_birth = '2999-01-01';
      p.billing_address.postcode = 'nope';
    });
    const response = await validateAccount(payload);
    expect(
      response.json.errors.map((e: { attr: string; code: string }) => `${e.attr}:${e.code}`).sort(),
    ).toEqual([
      'billing_address.postcode:invalid_postcode',
      'customers.0.date_of_birth:date_in_future',
      'customers.0.mobile:invalid_phone_number',
    ]);
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

describe('Enumerations accept each listed value', () => {
  for (const accountType of ['DOMESTIC', 'BUSINESS']) {
    it(`account_type ${accountType}`, async () => {
      const response = await validateAccount(withChange((p) => (p.account_type = accountType)));
      expect(response.status).toBe(200);
    });
  }
  for (const supplyType of ['ELECTRICITY', 'GAS']) {
    it(`supply_type ${supplyType}`, async () => {
      const response = await validateAccount(
        withChange((p) => {
          const meterPoint = p.supply_addresses[0].meter_points[0];
          meterPoint.supply_type = supplyType;
          meterPoint.identifier = supplyType === 'GAS' ? randomMprn() : randomMpan();
        }),
      );
      expect(response.status).toBe(200);
    });
  }
});

describe('validate-account/ returns the validated, normalised payload', () => {
  it('defaults the country, canonicalises postcodes, phone numbers and the transfer balance', async () => {
    const payload = accountPayload({ transfer_balance: 7 });
    payload.billing_address = { address1: '2 High St', postcode: ' sw1a1aa ', country: 'gb' };
    const response = await validateAccount(payload);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      ...payload,
      transfer_balance: '7.00',
      billing_address: { address1: '2 High St', postcode: 'SW1A 1AA', country: 'GB' },
      customers: [
        { ...payload.customers[0], mobile: '+447911123456', landline: '+442079460000' },
        payload.customers[1],
        payload.customers[2],
      ],
      supply_addresses: [{ ...payload.supply_addresses[0], postcode: 'NW1 6XE' }],
    });
  });

  it('reads national phone numbers with the billing country as region', async () => {
    const payload = accountPayload();
    payload.billing_address = { address1: '1 rue de Rivoli', postcode: '75001', country: 'FR' };
    payload.customers = [{ given_name: 'Marie', family_name: 'Curie', mobile: '06 12 34 56 78' }];
    const response = await validateAccount(payload);
    expect(response.status).toBe(200);
    expect(response.json.customers[0].mobile).toBe('+33612345678');
  });

  it('accepts the minimum payload', async () => {
    const payload = {
      import_supplier: 'ACME',
      external_account_number: 'MIN-1',
      account_type: 'DOMESTIC',
      customers: [{ given_name: 'A', family_name: 'B' }],
      billing_address: { address1: '1 Road', postcode: 'EC1A 1BB' },
    };
    const response = await validateAccount(payload);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      ...payload,
      billing_address: { ...payload.billing_address, country: 'GB' },
    });
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
    const payload = withChange((p) => (p.customers[0].mobile = '123'));
    const response = await api('POST', paths.stage, { token: await obtainToken(), body: payload });
    expect(response.status).toBe(400);
    expect(await getImportProcess('ACME', payload.external_account_number)).toBeUndefined();
  });
});

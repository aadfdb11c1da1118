import { describe, expect, it } from 'vitest';
import { validateEnergyAccount } from '../../functions/account-validation/validate-energy-account.js';
import { domesticDualFuelAccount } from './energy-account-fixture.js';

/** The fixture as a plain JSON tree, to reach into and change for one test. */
// biome-ignore lint/suspicious/noExplicitAny: a test reaches into the payload at any depth
type Json = Record<string, any>;
const account = (): Json => domesticDualFuelAccount();
/** The errors' attr and code, sorted by attr (ajv reports in the schema's order, not the payload's). */
const errorsOf = (payload: unknown) => {
  const verdict = validateEnergyAccount(payload);
  if (verdict.valid) return [];
  return verdict.errors
    .map(({ attr, code }) => ({ attr, code }))
    .sort((a, b) => a.attr.localeCompare(b.attr));
};
const ELECTRICITY = 'supply_addresses.0.meter_points.0';
const GAS = 'supply_addresses.0.meter_points.1';

describe('The account payload is the published EnergyAccount, every property at every depth', () => {
  it('a realistic domestic dual-fuel account (meters, registers, readings, PSR, consents, agreements, transactions, statements, notes, payment instruction and schedule) passes without warnings', () => {
    // Act
    const verdict = validateEnergyAccount(account());
    // Assess
    expect(verdict).toEqual({ valid: true, account: domesticDualFuelAccount(), warnings: [] });
  });

  it('a wrong value deep inside is named at its dot path with the field error code of the request validators', () => {
    // Prepare
    const payload = account();
    payload.supply_addresses[0].meter_points[0].meters[0].reading_history[1].reading_date = '2024-02-30';
    payload.supply_addresses[0].meter_points[0].meters[0].registers[0].number_of_digits = 16;
    payload.historical_statement_transactions[0].line_items[0].net_amount = 'twelve';
    payload.payment_instructions[0].reference = 'R'.repeat(513);
    delete payload.statements[0].statement_id;
    // Act / Assess
    expect(errorsOf(payload)).toEqual(
      expect.arrayContaining([
        { attr: `${ELECTRICITY}.meters.0.reading_history.1.reading_date`, code: 'invalid_date' },
        { attr: `${ELECTRICITY}.meters.0.registers.0.number_of_digits`, code: 'out_of_range' },
        { attr: 'historical_statement_transactions.0.line_items.0.net_amount', code: 'invalid_format' },
        { attr: 'payment_instructions.0.reference', code: 'too_long' },
        { attr: 'statements.0.statement_id', code: 'required' },
      ]),
    );
    expect(errorsOf(payload)).toHaveLength(5);
  });
});

describe('Fields the document does not declare are rejected with unknown_field at every depth', () => {
  it('an undeclared field in a gas meter reading is unknown_field at its path, and the only error', () => {
    // Prepare
    const payload = account();
    payload.supply_addresses[0].meter_points[1].meters[0].reading_history[0].colour = 'red';
    // Act / Assess
    expect(errorsOf(payload)).toEqual([
      { attr: `${GAS}.meters.0.reading_history.0.colour`, code: 'unknown_field' },
    ]);
  });

  it('the fields of the old account shape are undeclared at the top level', () => {
    // Prepare
    const payload = { ...account(), billing_address1: '12 Orchard Lane', tariff_code: 'E-1R' };
    // Act / Assess
    expect(errorsOf(payload)).toEqual([{ attr: 'tariff_code', code: 'unknown_field' }]);
  });
});

describe('A union is chosen by its published discriminator and the item judged against that branch only', () => {
  it('an unknown discriminator value is invalid_choice at the discriminator, and nothing else is said of the item', () => {
    // Prepare
    const payload = account();
    payload.supply_addresses[0].meter_points[0].supply_type = 'WATER';
    payload.current_statement_transactions[1].type = 'GIFT';
    // Act / Assess
    expect(errorsOf(payload)).toEqual([
      { attr: 'current_statement_transactions.1.type', code: 'invalid_choice' },
      { attr: `${ELECTRICITY}.supply_type`, code: 'invalid_choice' },
    ]);
  });

  it("a wrong field of a gas meter point names that field only, not the electricity branch's fields", () => {
    // Prepare
    const payload = account();
    payload.supply_addresses[0].meter_points[1].ldz = 'ZZ';
    // Act / Assess
    expect(errorsOf(payload)).toEqual([{ attr: `${GAS}.ldz`, code: 'invalid_choice' }]);
  });

  it("an electricity meter point sent as gas is judged as gas: the gas branch's missing field and its own undeclared ones", () => {
    // Prepare
    const payload = account();
    payload.supply_addresses[0].meter_points[0].supply_type = 'GAS';
    // Act
    const errors = errorsOf(payload);
    // Assess
    expect(errors).toContainEqual({ attr: `${ELECTRICITY}.shipper_mpid`, code: 'required' });
    expect(errors).toContainEqual({ attr: `${ELECTRICITY}.profile_class`, code: 'unknown_field' });
    expect(errors.every((error) => error.code === 'required' || error.code === 'unknown_field')).toBe(true);
  });

  it("a payment's wrong payment type names that field only, not the other transaction kinds' fields", () => {
    // Prepare
    const payload = account();
    payload.current_statement_transactions[0].payment_type = 'GOLD_BARS';
    // Act / Assess
    expect(errorsOf(payload)).toEqual([
      { attr: 'current_statement_transactions.0.payment_type', code: 'invalid_choice' },
    ]);
  });

  it('a missing discriminator is required at its path; an item that is not an object is invalid_type once', () => {
    // Prepare
    const payload = account();
    delete payload.payment_preferences[0].type;
    payload.supply_addresses[0].meter_points[1] = 'GAS';
    // Act / Assess
    expect(errorsOf(payload)).toEqual([
      { attr: 'payment_preferences.0.type', code: 'required' },
      { attr: `${GAS}`, code: 'invalid_type' },
    ]);
  });
});

describe('A published nullable field may be null, which means absent', () => {
  it('null is accepted on nullable fields of every kind: a date, a boolean, an enum, a component, a list', () => {
    // Prepare
    const payload: Json = {
      ...account(),
      portfolio: null,
      unknown_occupier: null,
      last_payment_review_date: null,
    };
    payload.customers[0].date_of_birth = null;
    payload.customers[0].credit_risk_bracket = null;
    payload.supply_addresses[0].meter_points[0].agents = null;
    payload.supply_addresses[0].meter_points[0].agreements[0].characteristics = null;
    // Act / Assess
    expect(errorsOf(payload)).toEqual([]);
  });

  it('null on a field that is not nullable is invalid_type', () => {
    // Prepare
    const payload: Json = { ...account(), billing_name: null };
    payload.supply_addresses[0].meter_points[1].mpid = null;
    // Act / Assess
    expect(errorsOf(payload)).toEqual([
      { attr: 'billing_name', code: 'invalid_type' },
      { attr: `${GAS}.mpid`, code: 'invalid_type' },
    ]);
  });
});

describe('A deprecated field is accepted with a deprecated_field warning {attr, code, detail, use_instead}', () => {
  it('deprecated fields at the top, in the billing address, in a business and in a meter point are accepted, each named once at its path', () => {
    // Prepare
    const payload: Json = {
      ...account(),
      dd_reference: 'DD-000482',
      business: { company_name: 'Hartley Ltd', business_contract_identifier: 'BC-1' },
    };
    payload.supply_addresses[0].meter_points[0].mop_to_appoint = 'LBSL';
    payload.billing_address.name = 'Amelia Hartley';
    // Act
    const verdict = validateEnergyAccount(payload);
    // Assess
    expect(verdict.valid).toBe(true);
    expect(verdict.warnings).toEqual([
      {
        attr: 'billing_address.name',
        code: 'deprecated_field',
        detail: expect.any(String),
        use_instead: null,
      },
      {
        attr: 'business.business_contract_identifier',
        code: 'deprecated_field',
        detail: expect.stringContaining('business_contract_identifiers'),
        use_instead: 'business_contract_identifiers',
      },
      {
        attr: 'dd_reference',
        code: 'deprecated_field',
        detail: expect.stringContaining('payment_instructions.reference'),
        use_instead: 'payment_instructions.reference',
      },
      {
        attr: `${ELECTRICITY}.mop_to_appoint`,
        code: 'deprecated_field',
        detail: expect.stringContaining('agents.mop_contract'),
        use_instead: 'agents.mop_contract',
      },
    ]);
  });

  it('a deprecated field sent as null is absent and draws no warning', () => {
    // Prepare
    const payload = account();
    payload.supply_addresses[0].meter_points[0].dc_to_appoint = null;
    // Act / Assess
    expect(validateEnergyAccount(payload).warnings).toEqual([]);
  });
});

describe('The account reference: any supplier code the service knows, external_account_number required and safe in a URL', () => {
  it('a supplier code outside the published list is accepted', () => {
    // Act / Assess
    expect(errorsOf({ ...account(), import_supplier: 'NORTHERN_LIGHTS' })).toEqual([]);
  });

  it('external_account_number is required, at most 128 characters, without / \\ ? # %, control characters, . or ..', () => {
    // Prepare
    const { external_account_number: _, ...missing } = account();
    const refused = ['A'.repeat(129), 'a/b', 'a\\b', 'a?b', 'a#b', 'a%20b', 'a\u0007b', '.', '..'];
    // Act / Assess
    expect(errorsOf(missing)).toEqual([{ attr: 'external_account_number', code: 'required' }]);
    expect(errorsOf({ ...account(), external_account_number: '' })).toContainEqual({
      attr: 'external_account_number',
      code: 'blank',
    });
    for (const number of refused) {
      expect(errorsOf({ ...account(), external_account_number: number }), number).toEqual([
        { attr: 'external_account_number', code: number.length > 128 ? 'too_long' : 'invalid_format' },
      ]);
    }
    expect(errorsOf({ ...account(), external_account_number: 'A'.repeat(128) })).toEqual([]);
    expect(errorsOf({ ...account(), external_account_number: 'a.b..c' })).toEqual([]);
  });
});

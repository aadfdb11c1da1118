import { describe, expect, it } from 'vitest';
import { parseReferenceFile } from '../../functions/rules/reference-data/reference-file.js';
import { parseSupplierSetting, supplierSettings } from '../../functions/rules/supplier-settings.js';

describe('Rule: a reference-data file lists kinds the service knows, each entry of its kind’s shape, or is refused whole', () => {
  it('a good file gives each kind with its defaults filled in, and a kind given as [] is to be unloaded', () => {
    // Act
    const parsed = parseReferenceFile({
      operations_teams: ['Migrations'],
      tariffs: [{ code: 'E-1R', product_code: 'P', supply_type: 'ELECTRICITY' }],
      campaigns: [],
    });
    // Assess
    expect(parsed).toEqual({
      ok: true,
      data: {
        operations_teams: ['Migrations'],
        tariffs: [{ code: 'E-1R', product_code: 'P', supply_type: 'ELECTRICITY', rates: 1, prepay: false }],
      },
      unloaded: ['campaigns'],
    });
  });

  it('names every problem: an unknown kind, an entry of the wrong shape, a repeated code, a list that is not one', () => {
    // Act
    const parsed = parseReferenceFile({
      teams: ['Migrations'],
      operations_teams: ['Migrations', 'Migrations', ''],
      products: [
        { code: 'P', available_from: '1 May 2024', colour: 'red' },
        { code: 'Q', available_from: '2024-05-01' },
      ],
      tariffs: { code: 'E-1R' },
    });
    // Assess
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.problems).toEqual([
      expect.stringMatching(/^teams is not a kind of reference data/),
      'operations_teams.2 must be a non-empty string',
      'operations_teams.1 repeats "Migrations"',
      expect.stringMatching(/^products\.0\.colour is not a field of this kind/),
      'tariffs must be a list',
    ]);
  });

  it('a tariff code may be both an electricity and a gas tariff, but not twice the same', () => {
    // Act
    const parsed = parseReferenceFile({
      tariffs: [
        { code: 'T', product_code: 'P', supply_type: 'ELECTRICITY' },
        { code: 'T', product_code: 'P', supply_type: 'GAS' },
        { code: 'T', product_code: 'Q', supply_type: 'GAS' },
      ],
    });
    // Assess
    expect(parsed.ok ? [] : parsed.problems).toEqual(['tariffs.2 repeats "GAS T"']);
  });
});

describe('Rule: a supplier setting is NAME=VALUE of a setting the service knows, in its type and range', () => {
  it('reads booleans, optional booleans, numbers in range, lists, and default (forget the setting)', () => {
    // Act
    const values = [
      'consents_enabled=false',
      'auto_allocate_operations_teams=none',
      'maximum_payment_day=28',
      'maximum_fixed_payment_amount=none',
      'required_customer_detail_namespaces=external_user_id, legacy',
      'skip_property_creation=default',
    ].map(parseSupplierSetting);
    // Assess
    expect(values).toEqual([
      { ok: true, name: 'consents_enabled', value: false },
      { ok: true, name: 'auto_allocate_operations_teams', value: null },
      { ok: true, name: 'maximum_payment_day', value: 28 },
      { ok: true, name: 'maximum_fixed_payment_amount', value: null },
      { ok: true, name: 'required_customer_detail_namespaces', value: ['external_user_id', 'legacy'] },
      { ok: true, name: 'skip_property_creation', value: undefined },
    ]);
  });

  it('refuses an unknown name, a missing value, a value of the wrong type and one out of range', () => {
    // Act
    const problems = [
      'consent_enabled=true',
      'consents_enabled',
      'consents_enabled=yes',
      'maximum_payment_day=32',
      'minimum_payment_day=none',
    ].map((assignment) => {
      const parsed = parseSupplierSetting(assignment);
      return parsed.ok ? 'accepted' : parsed.problem;
    });
    // Assess
    expect(problems).toEqual([
      expect.stringMatching(/^--setting consent_enabled: no such setting \(skip_supply_point_creation, /),
      '--setting consents_enabled: write NAME=VALUE',
      '--setting consents_enabled must be true, false or default',
      '--setting maximum_payment_day must be a whole number from 1 to 31, or default',
      '--setting minimum_payment_day must be a whole number from 1 to 31, or default',
    ]);
  });

  it('a setting never set has its default', () => {
    // Act
    const settings = supplierSettings({ consents_enabled: false });
    // Assess
    expect(settings.consents_enabled).toBe(false);
    expect(settings.skip_supply_point_creation).toBe(false);
    expect(settings.auto_allocate_operations_teams).toBeNull();
    expect(settings.maximum_payment_day).toBe(31);
  });
});

describe('Rule: a seed file may give a supplier its settings, each as `--setting` takes it', () => {
  it('reads the settings of a supplier, and refuses an unknown one naming where it is', async () => {
    // Prepare
    const { parseSeed, SeedFormatError } = await import('../../infra/ops/seed.js');
    const supplier = { code: 'NEWCO', status: 'Ongoing', root_location: 'newco' };
    // Act
    const seed = parseSeed({
      suppliers: [
        {
          ...supplier,
          settings: { consents_enabled: false, required_customer_detail_namespaces: ['external_user_id'] },
        },
      ],
    });
    const refused = () => parseSeed({ suppliers: [{ ...supplier, settings: { consent_enabled: false } }] });
    // Assess
    expect(seed.suppliers[0]?.settings).toEqual({
      consents_enabled: false,
      required_customer_detail_namespaces: ['external_user_id'],
    });
    expect(refused).toThrow(SeedFormatError);
    expect(refused).toThrow(/^suppliers\.0\.settings: consent_enabled: no such setting/);
  });
});

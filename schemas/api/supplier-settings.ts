import type { JsonSchema } from './responses/error-bodies.js';

/**
 * A supplier's import settings, as the platform's import configuration names them: each one's
 * type, default (the platform's) and what it decides. The supplier summary shows them (`settings`);
 * functions/rules/supplier-settings.ts parses and applies them.
 */
export type SupplierSettingDefinition =
  | { type: 'boolean'; default: boolean; summary: string }
  | { type: 'optional-boolean'; default: null; summary: string }
  | { type: 'integer'; default: number | null; min: number; max: number; summary: string }
  | { type: 'list'; default: string[]; summary: string };

export const SUPPLIER_SETTING_DEFINITIONS = {
  skip_supply_point_creation: {
    type: 'boolean',
    default: false,
    summary: 'the platform creates no meter points: supply addresses carry none (else each carries some)',
  },
  skip_property_creation: {
    type: 'boolean',
    default: false,
    summary: 'the platform creates no properties: the account carries no supply addresses',
  },
  auto_allocate_operations_teams: {
    type: 'optional-boolean',
    default: null,
    summary:
      'true: the platform picks the operations team, operations_team_name is not given; false: it must be given; none (default): either',
  },
  consents_enabled: {
    type: 'boolean',
    default: true,
    summary: 'consents may be given, on the account and on its customers',
  },
  billing_document_identifiers_enabled: {
    type: 'boolean',
    default: true,
    summary: 'historical transactions may carry billing_document_identifier',
  },
  send_registration_flows: {
    type: 'boolean',
    default: true,
    summary:
      'the platform registers the meter points: agents to appoint may be given, business customers need a given name',
  },
  managed_accounts_allowed: { type: 'boolean', default: true, summary: 'managed accounts may be imported' },
  create_new_portfolios: {
    type: 'boolean',
    default: false,
    summary:
      'the platform creates a new portfolio: no portfolio references are given (else they come with portfolio settings)',
  },
  enforce_business_contracts_exist: {
    type: 'boolean',
    default: false,
    summary:
      'every account names its business, given by its existing contracts (the branch BusinessWithExistingContracts)',
  },
  link_account_to_business_with_contract: {
    type: 'boolean',
    default: false,
    summary:
      "a business given by its contracts is the contract's business: no business information is given (else it is)",
  },
  minimum_payment_day: {
    type: 'integer',
    default: 1,
    min: 1,
    max: 31,
    summary: 'earliest day_of_month of a payment schedule',
  },
  maximum_payment_day: {
    type: 'integer',
    default: 31,
    min: 1,
    max: 31,
    summary: 'latest day_of_month of a payment schedule',
  },
  minimum_fixed_payment_amount: {
    type: 'integer',
    default: 0,
    min: 0,
    max: 100_000_000,
    summary: 'least amount of a regular payment schedule, in major currency units',
  },
  maximum_fixed_payment_amount: {
    type: 'integer',
    default: null,
    min: 0,
    max: 100_000_000,
    summary: 'greatest amount of a regular payment schedule, in major currency units (default: no limit)',
  },
  required_customer_detail_namespaces: {
    type: 'list',
    default: [],
    summary: 'customer detail namespaces every customer and business user gives (comma-separated)',
  },
} as const satisfies Record<string, SupplierSettingDefinition>;

/** The supplier summary's `settings`: every setting, with its value. */
export function supplierSettingsSchema(): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries(SUPPLIER_SETTING_DEFINITIONS).map(
      ([name, definition]: [string, SupplierSettingDefinition]) => {
        const description = `${definition.summary} (default ${JSON.stringify(definition.default)}).`;
        if (definition.type === 'boolean') return [name, { type: 'boolean', description }];
        if (definition.type === 'optional-boolean') return [name, { type: ['boolean', 'null'], description }];
        if (definition.type === 'list')
          return [name, { type: 'array', items: { type: 'string' }, description }];
        const type = definition.default === null ? ['integer', 'null'] : 'integer';
        return [name, { type, minimum: definition.min, maximum: definition.max, description }];
      },
    ),
  );
  return {
    type: 'object',
    description:
      "The supplier's import settings (`npm run ops -- supplier put CODE --setting NAME=VALUE`); unset ones have their default.",
    required: Object.keys(properties),
    additionalProperties: false,
    properties,
  };
}

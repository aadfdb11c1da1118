import type { FieldError } from '../../errors.js';
import type { SupplierSettingName, SupplierSettings } from '../supplier-settings.js';
import { accountTypeOf, isBusiness } from './account-type.js';
import { BUSINESS_USERS, CUSTOMERS, METER_POINTS, SUPPLY_ADDRESSES } from './payload-places.js';
import { fieldError, fieldOf, filled, given, type Item, itemsAt, list, text } from './payload-rule.js';

/**
 * The published rules of the account payload that depend on the supplier's import settings
 * (functions/rules/supplier-settings.ts). Pure: the settings are given, defaults filled in.
 */
export interface SettingsRule {
  rule: string;
  codes: readonly string[];
  /** The settings it reads. */
  settings: readonly SupplierSettingName[];
  check: (account: Item, settings: SupplierSettings) => FieldError[];
}

/** A breach of each item at a pattern, reported at one of its fields. */
export const at =
  (pattern: string, field: string, code: string, detail: string, breaks: (item: Item) => boolean) =>
  (account: Item): FieldError[] =>
    itemsAt(account, pattern)
      .filter(({ item }) => breaks(item))
      .map(({ attr }) => fieldError(fieldOf(attr, field), code, detail));

function consentsRule(component: string, pattern: string): SettingsRule {
  return {
    rule: `${component}.consents: Validate consents are only provided if enabled`,
    codes: ['field_not_enabled'],
    settings: ['consents_enabled'],
    check: (account, settings) =>
      settings.consents_enabled
        ? []
        : at(
            pattern,
            'consents',
            'field_not_enabled',
            'Consents are not enabled for this supplier.',
            (item) => list(item, 'consents').length > 0,
          )(account),
  };
}

function portfolioRule(component: string, pattern: string): SettingsRule {
  return {
    rule: `${component}: Validate portfolio reference provided correctly`,
    codes: ['portfolio_references_missing', 'portfolio_references_provided'],
    settings: ['create_new_portfolios'],
    check: (account, settings) =>
      itemsAt(account, pattern).flatMap(({ item, attr }) => {
        const references = list(item, 'portfolio_references').length > 0;
        const where = fieldOf(attr, 'portfolio_references');
        if (settings.create_new_portfolios && references) {
          const detail = 'This supplier creates a new portfolio: give no portfolio references.';
          return [fieldError(where, 'portfolio_references_provided', detail)];
        }
        if (!settings.create_new_portfolios && given(item, 'portfolio_settings') && !references) {
          const detail =
            'Portfolio settings name the existing portfolio they apply to: give its portfolio references.';
          return [fieldError(where, 'portfolio_references_missing', detail)];
        }
        return [];
      }),
  };
}

function requiredDetailsRule(component: string, pattern: string): SettingsRule {
  return {
    rule: `${component}.user_details: Validate required customer details namespaces provided`,
    codes: ['required_customer_details_namespace_missing'],
    settings: ['required_customer_detail_namespaces'],
    check: (account, settings) =>
      itemsAt(account, pattern).flatMap(({ item, attr }) => {
        const given = new Set(list(item, 'user_details').map((detail) => text(detail, 'namespace')));
        return settings.required_customer_detail_namespaces
          .filter((namespace) => !given.has(namespace))
          .map((namespace) =>
            fieldError(
              fieldOf(attr, 'user_details'),
              'required_customer_details_namespace_missing',
              `This supplier requires the customer detail ${namespace}.`,
            ),
          );
      }),
  };
}

const AGENT_FIELDS = ['da_to_appoint', 'dc_to_appoint', 'mop_to_appoint', 'mam_to_appoint'] as const;

export const supplierSettingsRules: SettingsRule[] = [
  {
    rule: 'EnergyAccount: Validate managed account type is allowed',
    codes: ['managed_accounts_are_not_allowed'],
    settings: ['managed_accounts_allowed'],
    check: (account, settings) =>
      !settings.managed_accounts_allowed && accountTypeOf(account) === 'MANAGED'
        ? [
            fieldError(
              given(account, 'account_type') ? 'account_type' : 'is_managed',
              'managed_accounts_are_not_allowed',
              'This supplier does not take managed accounts.',
            ),
          ]
        : [],
  },
  {
    rule: 'EnergyAccount: Validate that a customer given name is provided for business accounts',
    codes: ['customer_given_name_required'],
    settings: ['send_registration_flows'],
    check: (account, settings) =>
      settings.send_registration_flows && isBusiness(account)
        ? at(
            CUSTOMERS,
            'given_name',
            'customer_given_name_required',
            'Each customer of a business account has a given name.',
            (customer) => !filled(customer, 'given_name'),
          )(account)
        : [],
  },
  {
    rule: 'EnergyAccount: Validate historical statement billing document identifier presence',
    codes: [
      'historical_statement_billing_document_identifier_missing',
      'historical_statement_billing_document_identifier_not_allowed_when_feature_flag_disabled',
    ],
    settings: ['billing_document_identifiers_enabled'],
    check: (account, settings) =>
      settings.billing_document_identifiers_enabled
        ? []
        : at(
            'historical_statement_transactions[]',
            'billing_document_identifier',
            'historical_statement_billing_document_identifier_not_allowed_when_feature_flag_disabled',
            'Billing document identifiers are not enabled for this supplier.',
            (transaction) => given(transaction, 'billing_document_identifier'),
          )(account),
  },
  {
    rule: 'EnergyAccount: Validate auto allocation of operations team',
    codes: ['operations_team_provided_when_using_auto_allocation', 'operations_team_should_be_provided'],
    settings: ['auto_allocate_operations_teams'],
    check: (account, settings) => {
      const named = filled(account, 'operations_team_name');
      if (settings.auto_allocate_operations_teams === true && named) {
        const detail =
          'This supplier allocates operations teams automatically: give no operations_team_name.';
        return [
          fieldError('operations_team_name', 'operations_team_provided_when_using_auto_allocation', detail),
        ];
      }
      if (settings.auto_allocate_operations_teams === false && !named) {
        const detail =
          'This supplier does not allocate operations teams automatically: give operations_team_name.';
        return [fieldError('operations_team_name', 'operations_team_should_be_provided', detail)];
      }
      return [];
    },
  },
  consentsRule('EnergyAccount', ''),
  consentsRule('EnergyCustomer', CUSTOMERS),
  {
    rule: "EnergyAccount.supply_addresses: Validate that supply points are provided correctly based on the value of the 'Skip supply point creation' import config setting.",
    codes: [
      'supply_points_provided_while_skip_supply_point_creation_enabled',
      'supply_points_not_provided_while_skip_supply_point_creation_disabled',
    ],
    settings: ['skip_supply_point_creation'],
    check: (account, { skip_supply_point_creation: skip }) =>
      at(
        SUPPLY_ADDRESSES,
        'meter_points',
        skip
          ? 'supply_points_provided_while_skip_supply_point_creation_enabled'
          : 'supply_points_not_provided_while_skip_supply_point_creation_disabled',
        skip
          ? 'This supplier skips creating meter points: give none.'
          : 'This supplier has the platform create meter points: give each supply address its meter points.',
        (address) => list(address, 'meter_points').length > 0 === skip,
      )(account),
  },
  {
    rule: "EnergyAccount.supply_addresses: Validate that supply addresses are not provided if 'Skip property creation' is True",
    codes: ['supply_addresses_provided_while_skip_property_creation_enabled'],
    settings: ['skip_property_creation'],
    check: (account, settings) =>
      settings.skip_property_creation && list(account, 'supply_addresses').length > 0
        ? [
            fieldError(
              'supply_addresses',
              'supply_addresses_provided_while_skip_property_creation_enabled',
              'This supplier skips creating properties: give no supply addresses.',
            ),
          ]
        : [],
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate that no agents are provided when not sending registration flows',
    codes: ['agents_supplied_for_non_on_market_switch'],
    settings: ['send_registration_flows'],
    check: (account, settings) =>
      settings.send_registration_flows
        ? []
        : itemsAt(account, METER_POINTS).flatMap(({ item, attr }) =>
            AGENT_FIELDS.filter((field) => given(item, field)).map((field) =>
              fieldError(
                fieldOf(attr, field),
                'agents_supplied_for_non_on_market_switch',
                'This supplier sends no registration flows: give no agents to appoint.',
              ),
            ),
          ),
  },
  portfolioRule('AccountPortfolio', 'portfolio'),
  portfolioRule('BusinessPortfolio', 'business.portfolios[]'),
  requiredDetailsRule('EnergyCustomer', CUSTOMERS),
  requiredDetailsRule('BusinessUser', BUSINESS_USERS),
];

import type { FieldError } from '../../errors.js';
import { accountTypeOf, isBusiness, isDomestic, isPortfolioLead, isUnknownOccupier } from './account-type.js';
import { CUSTOMERS, METER_POINTS, SUPPLY_ADDRESSES } from './payload-places.js';
import type { PayloadRule } from './payload-rule.js';
import { fieldError, given, itemsAt, list } from './payload-rule.js';

/** Rules on what the account's type allows: one type, and what each type may or must carry. */
export const accountKindRules: PayloadRule[] = [
  {
    rule: 'EnergyAccount: Validate account type is valid',
    codes: ['multiple_account_types_selected'],
    check: (account) => {
      const type = accountTypeOf(account);
      const clash =
        (account.is_managed === true && type !== 'MANAGED') ||
        (account.is_portfolio_lead === true && type !== 'PORTFOLIO_LEAD');
      if (!clash) return [];
      const attr = given(account, 'account_type') ? 'account_type' : 'is_portfolio_lead';
      const detail = 'The account type, is_managed and is_portfolio_lead select different account types.';
      return [fieldError(attr, 'multiple_account_types_selected', detail)];
    },
  },
  {
    rule: 'EnergyAccount: Validate only portfolio lead has portfolio setting',
    codes: ['portfolio_settings_included_when_not_lead'],
    check: (account) =>
      itemsAt(account, 'portfolio')
        .filter(({ item }) => given(item, 'portfolio_settings') && !isPortfolioLead(account))
        .map(({ attr }) =>
          fieldError(
            `${attr}.portfolio_settings`,
            'portfolio_settings_included_when_not_lead',
            'Portfolio settings belong only to a portfolio lead account.',
          ),
        ),
  },
  {
    rule: 'EnergyAccount: Validate business type and company number not provided for domestic accounts',
    codes: ['business_fields_provided_for_domestic_accounts'],
    check: (account) =>
      isDomestic(account)
        ? ['business_type', 'company_number']
            .filter((field) => given(account, field))
            .map((field) =>
              fieldError(
                field,
                'business_fields_provided_for_domestic_accounts',
                'A domestic account has no business type or company number.',
              ),
            )
        : [],
  },
  {
    rule: 'EnergyAccount: Validate bespoke rates',
    codes: ['business_fields_provided_for_domestic_accounts'],
    check: (account) =>
      isDomestic(account)
        ? itemsAt(account, `${METER_POINTS}.agreements[]`)
            .filter(({ item }) => list(item, 'bespoke_tariff_rates').length > 0)
            .map(({ attr }) =>
              fieldError(
                `${attr}.bespoke_tariff_rates`,
                'business_fields_provided_for_domestic_accounts',
                'Bespoke tariff rates are for business accounts only.',
              ),
            )
        : [],
  },
  {
    rule: 'EnergyAccount: Validate tax exemption for appropriate account type',
    codes: ['tax_exemptions_provided_for_domestic_account'],
    check: (account) =>
      isDomestic(account)
        ? itemsAt(account, METER_POINTS).flatMap(({ item, attr }) =>
            ['ccl_exemptions', 'vat_exemptions']
              .filter((field) => list(item, field).length > 0)
              .map((field) =>
                fieldError(
                  `${attr}.${field}`,
                  'tax_exemptions_provided_for_domestic_account',
                  'Tax exemptions are for business accounts only.',
                ),
              ),
          )
        : [],
  },
  {
    rule: 'EnergyAccount: Validate account billing options',
    codes: ['account_billing_options_provided_for_domestic_accounts'],
    check: (account) =>
      given(account, 'account_billing_options') && !isBusiness(account)
        ? [
            fieldError(
              'account_billing_options',
              'account_billing_options_provided_for_domestic_accounts',
              'Billing options are for business accounts only.',
            ),
          ]
        : [],
  },
  {
    rule: 'EnergyAccount: Validate business account has account billing options with period_start_day and period_length',
    codes: ['business_account_missing_billing_options'],
    check: (account) =>
      itemsAt(account, 'account_billing_options')
        .filter(({ item }) => isBusiness(account) && item.use_industry_billing !== true)
        .filter(({ item }) => !given(item, 'period_start_day') || !given(item, 'period_length'))
        .map(({ attr }) =>
          fieldError(
            attr,
            'business_account_missing_billing_options',
            'A business account that gives billing options gives both period_start_day and period_length.',
          ),
        ),
  },
  {
    rule: 'EnergyAccount: Validate that  customers provided for business accounts',
    codes: ['business_account_missing_customers'],
    // Not an unknown occupier's: "no customers for unknown occupier" forbids what this demands.
    check: (account) =>
      isBusiness(account) && !isUnknownOccupier(account) && list(account, 'customers').length === 0
        ? [
            fieldError(
              'customers',
              'business_account_missing_customers',
              'A business account needs at least one customer.',
            ),
          ]
        : [],
  },
  {
    rule: 'EnergyAccount: Validate customer family name',
    codes: ['customer_family_name_required'],
    check: (account) =>
      isDomestic(account)
        ? itemsAt(account, CUSTOMERS)
            .filter(({ item }) => !given(item, 'family_name') || String(item.family_name).trim() === '')
            .map(({ attr }) =>
              fieldError(
                `${attr}.family_name`,
                'customer_family_name_required',
                'Every customer of a domestic account needs a family name.',
              ),
            )
        : [],
  },
  {
    rule: 'EnergyAccount: Validate that a portfolio lead account has no supply address since it makes no sense for it to have one',
    codes: ['portfolio_lead_has_a_supply_address'],
    check: (account) =>
      noSupplyAddress(
        account,
        isPortfolioLead(account),
        'portfolio_lead_has_a_supply_address',
        'A portfolio lead account',
      ),
  },
  {
    rule: 'EnergyAccount: Validate that a system account has no supply address',
    codes: ['system_account_has_a_supply_address'],
    check: (account) =>
      noSupplyAddress(
        account,
        accountTypeOf(account) === 'SYSTEM',
        'system_account_has_a_supply_address',
        'A system account',
      ),
  },
  {
    rule: 'EnergyAccount: Validate no customers for unknown occupier',
    codes: ['customer_with_unknown_occupier'],
    check: (account) =>
      isUnknownOccupier(account) && list(account, 'customers').length > 0
        ? [
            fieldError(
              'customers',
              'customer_with_unknown_occupier',
              'An account for an unknown occupier has no customers.',
            ),
          ]
        : [],
  },
  {
    rule: 'EnergyAccount: Validate no more than one property for unknown occupier',
    codes: ['occupier_account_with_multiple_supply_addresses'],
    check: (account) =>
      isUnknownOccupier(account) && list(account, 'supply_addresses').length > 1
        ? [
            fieldError(
              'supply_addresses',
              'occupier_account_with_multiple_supply_addresses',
              'An account for an unknown occupier has one supply address at most.',
            ),
          ]
        : [],
  },
  {
    rule: 'EnergyAccount: Validate no direct debit reference for the occupier',
    codes: ['dd_reference_for_occupier_account'],
    check: (account) =>
      isUnknownOccupier(account) && given(account, 'dd_reference')
        ? [
            fieldError(
              'dd_reference',
              'dd_reference_for_occupier_account',
              'A Direct Debit reference names a known payer: an unknown occupier account has none.',
            ),
          ]
        : [],
  },
];

function noSupplyAddress(
  account: Parameters<PayloadRule['check']>[0],
  applies: boolean,
  code: string,
  who: string,
): FieldError[] {
  return applies && itemsAt(account, SUPPLY_ADDRESSES).length > 0
    ? [fieldError('supply_addresses', code, `${who} has no supply address.`)]
    : [];
}

import type { SupplierSettings } from '../supplier-settings.js';
import { child, fieldError, filled, given, type Item } from './payload-rule.js';
import type { SettingsRule } from './supplier-settings-rules.js';

/**
 * The account's business when it is given by its existing contracts: the branch of `business`
 * (`BusinessWithExistingContracts`) that the supplier's `enforce_business_contracts_exist` chooses.
 */
const contractBusiness = (account: Item, settings: SupplierSettings): Item | undefined =>
  settings.enforce_business_contracts_exist ? child(account, 'business') : undefined;
const BUSINESS_INFORMATION = ['business_type', 'company_name', 'company_number'] as const;

/** Businesses as the supplier's settings require: named at all, and given by their contracts or in full. */
export const businessSettingsRules: SettingsRule[] = [
  {
    rule: 'EnergyAccount: Validate that business is provided if enforcing business contracts',
    codes: ['business_field_required'],
    settings: ['enforce_business_contracts_exist'],
    check: (account, settings) =>
      settings.enforce_business_contracts_exist && !given(account, 'business')
        ? [
            fieldError(
              'business',
              'business_field_required',
              'This supplier requires every account to name its business.',
            ),
          ]
        : [],
  },
  {
    rule: 'BusinessWithExistingContracts: Validate that business information is provided if not linking account to business with contract',
    codes: ['business_information_required_if_not_linking_via_contract'],
    settings: ['enforce_business_contracts_exist', 'link_account_to_business_with_contract'],
    check: (account, settings) => {
      const business = contractBusiness(account, settings);
      return business && !settings.link_account_to_business_with_contract && !filled(business, 'company_name')
        ? [
            fieldError(
              'business.company_name',
              'business_information_required_if_not_linking_via_contract',
              "This supplier does not link accounts to their contracts' business: give the business's information.",
            ),
          ]
        : [];
    },
  },
  {
    rule: 'BusinessWithExistingContracts: Validate that business information is not provided if linking an account to the business of the business contract.',
    codes: ['business_information_not_required_if_linking_via_contract'],
    settings: ['enforce_business_contracts_exist', 'link_account_to_business_with_contract'],
    check: (account, settings) => {
      const business = contractBusiness(account, settings);
      if (!business || !settings.link_account_to_business_with_contract) return [];
      return BUSINESS_INFORMATION.filter((field) => given(business, field)).map((field) =>
        fieldError(
          `business.${field}`,
          'business_information_not_required_if_linking_via_contract',
          "This supplier links accounts to their contracts' business: give no business information.",
        ),
      );
    },
  },
  {
    rule: 'BusinessWithExistingContracts: Validate that at least one contract identifier is provided for import',
    codes: ['missing_contract_identifier'],
    settings: ['enforce_business_contracts_exist'],
    check: (account, settings) => {
      const business = contractBusiness(account, settings);
      return business &&
        !filled(business, 'business_contract_identifier') &&
        !(
          Array.isArray(business.business_contract_identifiers) &&
          business.business_contract_identifiers.length > 0
        )
        ? [
            fieldError(
              'business',
              'missing_contract_identifier',
              'A business given by its contracts names one: business_contract_identifier or business_contract_identifiers.',
            ),
          ]
        : [];
    },
  },
];

import { isCompanyNumber, isPortfolioNumber, isTaxYear } from './formats.js';
import { ELECTRICITY_POINTS, GAS_POINTS } from './payload-places.js';
import type { Item, PayloadRule } from './payload-rule.js';
import { fieldError, filled, given, itemsAt, list, text } from './payload-rule.js';
import { formatRule, itemRule, uniqueRule } from './rule-builders.js';

const companyNumber = (rule: string, at: string): PayloadRule =>
  formatRule({
    rule,
    code: 'invalid_company_number',
    at: [at],
    field: 'company_number',
    detail: 'Not a Companies House number (8 digits, or 2 letters and 6 digits).',
    valid: isCompanyNumber,
  });

const namespacesOnce = (rule: string, at: string): PayloadRule =>
  uniqueRule({
    rule,
    code: 'duplicate_portfolio_references',
    at: [at],
    list: 'portfolio_references',
    field: 'namespace',
    detail: 'Another reference of this portfolio has the same namespace.',
    keyOf: (reference) => text(reference, 'namespace'),
  });

const campaignKey = (campaign: Item) => text(campaign, 'campaign_name') ?? text(campaign, 'slug');
const OFFICIAL = ['official_reference_number', 'official_entity', 'official_status'];

/** Per-agreement lists each entry once: bespoke rates and product characteristics. */
const agreementLists = (schema: string, at: string): PayloadRule[] => [
  uniqueRule({
    rule: `${schema}.bespoke_tariff_rates: Validate that all bespoke tariff rates are unique`,
    code: 'duplicate_bespoke_rates',
    at: [`${at}.agreements[]`],
    list: 'bespoke_tariff_rates',
    detail: 'This bespoke rate is given twice.',
    keyOf: (rate) => JSON.stringify(rate),
  }),
  uniqueRule({
    rule: `${schema}.characteristics: Validate that each child has unique values for the code field`,
    code: 'children_with_duplicate_values',
    at: [`${at}.agreements[]`],
    list: 'characteristics',
    field: 'code',
    detail: 'Another characteristic of this agreement has the same code.',
    keyOf: (characteristic) => text(characteristic, 'code'),
  }),
];

/** Businesses, portfolios, campaigns, complaints, billing options, commissions, feed-in tariffs. */
export const businessRules: PayloadRule[] = [
  companyNumber('EnergyAccount.company_number: Validate company number', ''),
  companyNumber('BaseBusiness.company_number: Validate company number', 'business'),
  uniqueRule({
    rule: 'BaseBusiness.details: Validate that each child has unique values for the key field',
    code: 'children_with_duplicate_values',
    at: ['business'],
    list: 'details',
    field: 'key',
    detail: 'Another business detail has the same key.',
    keyOf: (detail) => text(detail, 'key'),
  }),
  namespacesOnce('AccountPortfolio: Validate no duplicate portfolio reference namespaces', 'portfolio'),
  namespacesOnce(
    'BusinessPortfolio: Validate no duplicate portfolio reference namespaces',
    'business.portfolios[]',
  ),
  {
    rule: 'EnergyAccount.account_campaigns: Validate account campaigns have consistent identifier',
    codes: ['inconsistent_campaign_identifiers'],
    check: (account) => {
      const campaigns = list(account, 'account_campaigns');
      const byName = campaigns.filter((campaign) => given(campaign, 'campaign_name')).length;
      const bySlug = campaigns.filter((campaign) => given(campaign, 'slug')).length;
      return byName > 0 && bySlug > 0
        ? [
            fieldError(
              'account_campaigns',
              'inconsistent_campaign_identifiers',
              'Name every campaign by campaign_name, or every one by slug.',
            ),
          ]
        : [];
    },
  },
  uniqueRule({
    rule: 'EnergyAccount.account_campaigns: Validate account campaign names are unique',
    code: 'duplicate_account_campaigns',
    at: [''],
    list: 'account_campaigns',
    detail: 'This campaign is given twice.',
    keyOf: campaignKey,
  }),
  {
    rule: 'AccountCampaign: Validate campaign name or slug provided',
    codes: ['campaign_name_and_slug_provided', 'campaign_name_or_slug_not_provided'],
    check: (account) =>
      itemsAt(account, 'account_campaigns[]').flatMap(({ item, attr }) => {
        const name = given(item, 'campaign_name');
        const slug = given(item, 'slug');
        if (name && slug)
          return [
            fieldError(
              `${attr}.slug`,
              'campaign_name_and_slug_provided',
              'Name a campaign by campaign_name or by slug, not both.',
            ),
          ];
        return name || slug
          ? []
          : [
              fieldError(
                `${attr}.campaign_name`,
                'campaign_name_or_slug_not_provided',
                'A campaign needs its campaign_name or slug.',
              ),
            ];
      }),
  },
  {
    rule: 'Complaint: Validate all required official complaint fields are present',
    codes: ['official_complaint_field_missing'],
    check: (account) =>
      itemsAt(account, 'complaints[]').flatMap(({ item, attr }) =>
        OFFICIAL.some((field) => given(item, field))
          ? OFFICIAL.filter((field) => !given(item, field)).map((field) =>
              fieldError(
                `${attr}.${field}`,
                'official_complaint_field_missing',
                'An official complaint gives its reference number, body and status.',
              ),
            )
          : [],
      ),
  },
  itemRule({
    rule: 'Complaint: Validate that a CHSR letter has been sent for the complaint',
    code: 'chsr_letter_not_sent',
    at: ['complaints[]'],
    field: 'has_chsr_letter_been_sent',
    detail: 'A complaint that had its eight-week letter also had its CHSR letter.',
    breaks: (complaint) =>
      complaint.has_eight_week_letter_been_sent === true && complaint.has_chsr_letter_been_sent !== true,
  }),
  {
    rule: 'EnergyAccountBillingOptions: Validate industry billing or period provided',
    codes: [
      'account_billing_options_industry_billing_with_period_data',
      'account_billing_options_period_data_required',
    ],
    check: (account) =>
      itemsAt(account, 'account_billing_options').flatMap(({ item, attr }) => {
        const period = given(item, 'period_start_day') || given(item, 'period_length');
        if (item.use_industry_billing === true) {
          return period
            ? [
                fieldError(
                  attr,
                  'account_billing_options_industry_billing_with_period_data',
                  'Industry billing has no billing period of its own.',
                ),
              ]
            : [];
        }
        return period
          ? []
          : [
              fieldError(
                attr,
                'account_billing_options_period_data_required',
                'Billing outside industry billing needs its billing period.',
              ),
            ];
      }),
  },
  {
    rule: 'EnergyCommissionContract: data-import--validation--commission-uplift-validation-for-contract--display-name',
    codes: ['commission_type_requires_value', 'uplift_and_value_conflict'],
    check: (account) =>
      itemsAt(account, 'commission_contracts[]').flatMap(({ item, attr }) => {
        if (
          given(item, 'value') &&
          (given(item, 'standing_charge_uplift') || given(item, 'unit_rate_uplift'))
        ) {
          return [
            fieldError(
              `${attr}.value`,
              'uplift_and_value_conflict',
              'A commission is a value or uplifts, not both.',
            ),
          ];
        }
        return given(item, 'commission_type') && !given(item, 'value')
          ? [
              fieldError(
                `${attr}.value`,
                'commission_type_requires_value',
                'A commission type needs its value.',
              ),
            ]
          : [];
      }),
  },
  {
    rule: 'EnergyFit: Validate payment instruction details are complete',
    codes: ['payment_instruction_details_incomplete'],
    check: (account) =>
      itemsAt(account, 'fit')
        .filter(({ item }) => text(item, 'payment_method') === 'BACS')
        .flatMap(({ item, attr }) =>
          ['vendor_name', 'instruction_reference']
            .filter((field) => !filled(item, field))
            .map((field) =>
              fieldError(
                `${attr}.${field}`,
                'payment_instruction_details_incomplete',
                'Feed-in tariff payments by BACS need the vendor name and instruction reference.',
              ),
            ),
        ),
  },
  formatRule({
    rule: 'EnergyWarmHomeDiscount.tax_year: Validate tax year format',
    code: 'incorrect_format_for_tax_year',
    at: ['warm_home_discount[]'],
    field: 'tax_year',
    detail: 'A tax year reads YYYY/YY, two years that follow one another (2018/19).',
    valid: isTaxYear,
  }),
  itemRule({
    rule: 'EnergyAccount.smart_read_cycle_day: Validate day of the month',
    code: 'invalid_day_of_month',
    at: [''],
    field: 'smart_read_cycle_day',
    detail: 'A day of the month is 1 to 31.',
    breaks: (account) =>
      typeof account.smart_read_cycle_day === 'number' &&
      (account.smart_read_cycle_day < 1 || account.smart_read_cycle_day > 31),
  }),
  itemRule({
    rule: 'ElectricityAgreement: Validate that either register_id or rate_type are provided for bespoke tariff rate registers',
    code: 'no_register_id_or_rate_type_provided_for_bespoke_elec_rate',
    at: [`${ELECTRICITY_POINTS}.agreements[].bespoke_tariff_rates[].registers[]`],
    field: 'register_id',
    detail: 'A register of a bespoke rate gives its register_id or its rate_type.',
    breaks: (register) => !given(register, 'register_id') && !given(register, 'rate_type'),
  }),
  ...agreementLists('ElectricityAgreement', ELECTRICITY_POINTS),
  ...agreementLists('GasAgreement', GAS_POINTS),
  formatRule({
    rule: 'AgreementIntermediaryDetails.portfolio_number: Validate the portfolio number',
    code: 'invalid_portfolio_number',
    at: ['supply_addresses[].meter_points[].agreements[].intermediary'],
    field: 'portfolio_number',
    detail: 'A portfolio number is P- and eight capital letters or digits.',
    valid: isPortfolioNumber,
  }),
];

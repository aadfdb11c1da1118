import { ELECTRICITY, GAS, type Json, type RuleCase } from './case-shape.js';

const business = (account: Json, extra: Json = {}) => {
  account.account_type = 'BUSINESS';
  account.account_billing_options = { period_start_day: 1, period_length: 'MONTHLY' };
  Object.assign(account, extra);
};
const agreementOf = (account: Json, point: number) =>
  account.supply_addresses[0].meter_points[point].agreements[0];
const REFERENCES = [
  { namespace: 'portfolio-label', value: 'North' },
  { namespace: 'portfolio-label', value: 'South' },
];
const complaint = (extra: Json) => ({
  complainant_email: 'amelia.hartley@example.com',
  complainant_name: 'Amelia Hartley',
  complaint_contacts: [],
  created_at: '2024-01-20T09:30:00Z',
  has_chsr_letter_been_sent: false,
  has_eight_week_letter_been_sent: false,
  type_of_complaint: 'BILLING',
  subtype_of_complaint: 'ESTIMATES',
  ...extra,
});
const commission = (extra: Json) => ({
  affiliate_organisation_name: 'Switch Co',
  effective_from: '2023-04-01',
  effective_to: '2024-04-01',
  mpxn: '3104892304',
  status: 'PAID',
  ...extra,
});
const bespokeElectricity = { standing_charge: '0.30', registers: [{ register_id: '1', unit_rate: '0.20' }] };
const bespokeGas = { standing_charge: '0.30', unit_rate: '0.07' };
const CHARACTERISTICS = [
  { code: 'gbr-gas.payment-method', value: 'DIRECT_DEBIT' },
  { code: 'gbr-gas.payment-method', value: 'PREPAYMENT' },
];

export const businessCases: RuleCase[] = [
  {
    rule: 'EnergyAccount.company_number: Validate company number',
    when: "a business account's company number has letters in the wrong place",
    change: (account) => business(account, { company_number: '12AB3456' }),
    answers: [['company_number', 'invalid_company_number']],
  },
  {
    rule: 'BaseBusiness.company_number: Validate company number',
    when: "a business's company number has ten digits",
    change: (account) =>
      business(account, { business: { company_name: 'Hartley Bakes', company_number: '1234567890' } }),
    answers: [['business.company_number', 'invalid_company_number']],
  },
  {
    rule: 'BaseBusiness.details: Validate that each child has unique values for the key field',
    when: 'a business gives its VAT number twice',
    change: (account) =>
      business(account, {
        business: {
          details: [
            { key: 'vat_number', value: 'GB1' },
            { key: 'vat_number', value: 'GB2' },
          ],
        },
      }),
    answers: [['business.details.1.key', 'children_with_duplicate_values']],
  },
  {
    rule: 'AccountPortfolio: Validate no duplicate portfolio reference namespaces',
    when: "the account portfolio's references repeat a namespace",
    change: (account) => {
      account.portfolio = { portfolio_references: REFERENCES };
    },
    answers: [['portfolio.portfolio_references.1.namespace', 'duplicate_portfolio_references']],
  },
  {
    rule: 'BusinessPortfolio: Validate no duplicate portfolio reference namespaces',
    when: "a business portfolio's references repeat a namespace",
    change: (account) =>
      business(account, { business: { portfolios: [{ portfolio_references: REFERENCES }] } }),
    answers: [['business.portfolios.0.portfolio_references.1.namespace', 'duplicate_portfolio_references']],
  },
  {
    rule: 'EnergyAccount.account_campaigns: Validate account campaigns have consistent identifier',
    when: 'one campaign is named and another given by slug',
    change: (account) => {
      account.account_campaigns = [
        { campaign_name: 'Abusive Customer' },
        { slug: 'administration_in_place' },
      ];
    },
    answers: [['account_campaigns', 'inconsistent_campaign_identifiers']],
  },
  {
    rule: 'EnergyAccount.account_campaigns: Validate account campaign names are unique',
    when: 'a campaign is given twice',
    change: (account) => {
      account.account_campaigns = [
        { slug: 'abusivecustomer' },
        { slug: 'abusivecustomer', start_date: '2024-01-01' },
      ];
    },
    answers: [['account_campaigns.1', 'duplicate_account_campaigns']],
  },
  {
    rule: 'AccountCampaign: Validate campaign name or slug provided',
    when: 'a campaign gives neither a name nor a slug',
    change: (account) => {
      account.account_campaigns = [{ start_date: '2024-01-01' }];
    },
    answers: [['account_campaigns.0.campaign_name', 'campaign_name_or_slug_not_provided']],
  },
  {
    rule: 'AccountCampaign: Validate campaign name or slug provided',
    when: 'a campaign gives both a name and a slug',
    change: (account) => {
      account.account_campaigns = [{ campaign_name: 'Abusive Customer', slug: 'abusivecustomer' }];
    },
    answers: [
      ['account_campaigns', 'inconsistent_campaign_identifiers'],
      ['account_campaigns.0.slug', 'campaign_name_and_slug_provided'],
    ],
  },
  {
    rule: 'Complaint: Validate all required official complaint fields are present',
    when: 'an official complaint names its body only',
    change: (account) => {
      account.complaints = [complaint({ official_entity: 'OMBUDSMAN' })];
    },
    answers: [
      ['complaints.0.official_reference_number', 'official_complaint_field_missing'],
      ['complaints.0.official_status', 'official_complaint_field_missing'],
    ],
  },
  {
    rule: 'Complaint: Validate that a CHSR letter has been sent for the complaint',
    when: 'a complaint had its eight-week letter without a CHSR letter',
    change: (account) => {
      account.complaints = [complaint({ has_eight_week_letter_been_sent: true })];
    },
    answers: [['complaints.0.has_chsr_letter_been_sent', 'chsr_letter_not_sent']],
  },
  {
    rule: 'EnergyAccountBillingOptions: Validate industry billing or period provided',
    when: 'industry billing comes with a billing period',
    change: (account) =>
      business(account, {
        account_billing_options: { use_industry_billing: true, period_length: 'MONTHLY' },
      }),
    answers: [['account_billing_options', 'account_billing_options_industry_billing_with_period_data']],
  },
  {
    rule: 'EnergyAccountBillingOptions: Validate industry billing or period provided',
    when: 'billing outside industry billing has no period (nor does the business account give one)',
    change: (account) => business(account, { account_billing_options: { use_industry_billing: false } }),
    answers: [
      ['account_billing_options', 'business_account_missing_billing_options'],
      ['account_billing_options', 'account_billing_options_period_data_required'],
    ],
  },
  {
    rule: 'EnergyCommissionContract: data-import--validation--commission-uplift-validation-for-contract--display-name',
    when: 'a commission gives a value and a unit rate uplift',
    change: (account) => {
      account.commission_contracts = [commission({ value: '10.00', unit_rate_uplift: '0.01' })];
    },
    answers: [['commission_contracts.0.value', 'uplift_and_value_conflict']],
  },
  {
    rule: 'EnergyCommissionContract: data-import--validation--commission-uplift-validation-for-contract--display-name',
    when: 'a commission type comes without a value',
    change: (account) => {
      account.commission_contracts = [commission({ commission_type: 'UNIT_RATE_UPLIFT' })];
    },
    answers: [['commission_contracts.0.value', 'commission_type_requires_value']],
  },
  {
    rule: 'EnergyFit: Validate payment instruction details are complete',
    when: 'feed-in tariff payments by BACS name no vendor nor instruction',
    change: (account) => {
      account.fit = {
        payment_method: 'BACS',
        meters: [
          {
            type: 'GENERATION',
            serial_number: 'FIT-M-1',
            extensions: ['EXT-1'],
            last_billed_to_date: '2024-01-15',
            transfer_reading: { reading_date: '2024-01-15', reading_value: '1200' },
          },
        ],
        installations: [{ fit_id: 'FIT-1' }],
      };
    },
    answers: [
      ['fit.vendor_name', 'payment_instruction_details_incomplete'],
      ['fit.instruction_reference', 'payment_instruction_details_incomplete'],
    ],
  },
  {
    rule: 'EnergyWarmHomeDiscount.tax_year: Validate tax year format',
    when: 'a tax year spans two years',
    change: (account) => {
      account.warm_home_discount = [{ tax_year: '2018/20' }];
    },
    answers: [['warm_home_discount.0.tax_year', 'incorrect_format_for_tax_year']],
  },
  {
    rule: 'EnergyAccount.smart_read_cycle_day: Validate day of the month',
    when: 'smart reads are on the 32nd',
    change: (account) => {
      account.smart_read_cycle_day = 32;
    },
    answers: [['smart_read_cycle_day', 'invalid_day_of_month']],
  },
  {
    rule: 'ElectricityAgreement: Validate that either register_id or rate_type are provided for bespoke tariff rate registers',
    when: 'a register of a bespoke rate names neither its register nor its rate type',
    change: (account) => {
      business(account);
      agreementOf(account, 0).bespoke_tariff_rates = [
        { standing_charge: '0.30', registers: [{ unit_rate: '0.20' }] },
      ];
    },
    answers: [
      [
        `${ELECTRICITY}.agreements.0.bespoke_tariff_rates.0.registers.0.register_id`,
        'no_register_id_or_rate_type_provided_for_bespoke_elec_rate',
      ],
    ],
  },
  {
    rule: 'ElectricityAgreement.bespoke_tariff_rates: Validate that all bespoke tariff rates are unique',
    when: 'a bespoke electricity rate is given twice',
    change: (account) => {
      business(account);
      agreementOf(account, 0).bespoke_tariff_rates = [bespokeElectricity, bespokeElectricity];
    },
    answers: [[`${ELECTRICITY}.agreements.0.bespoke_tariff_rates.1`, 'duplicate_bespoke_rates']],
  },
  {
    rule: 'GasAgreement.bespoke_tariff_rates: Validate that all bespoke tariff rates are unique',
    when: 'a bespoke gas rate is given twice',
    change: (account) => {
      business(account);
      agreementOf(account, 1).bespoke_tariff_rates = [bespokeGas, bespokeGas];
    },
    answers: [[`${GAS}.agreements.0.bespoke_tariff_rates.1`, 'duplicate_bespoke_rates']],
  },
  {
    rule: 'ElectricityAgreement.characteristics: Validate that each child has unique values for the code field',
    when: 'an electricity agreement gives one characteristic twice',
    change: (account) => {
      agreementOf(account, 0).characteristics = [
        { code: 'gbr-electricity.payment-method', value: 'DIRECT_DEBIT' },
        { code: 'gbr-electricity.payment-method', value: 'PREPAYMENT' },
      ];
    },
    answers: [[`${ELECTRICITY}.agreements.0.characteristics.1.code`, 'children_with_duplicate_values']],
  },
  {
    rule: 'GasAgreement.characteristics: Validate that each child has unique values for the code field',
    when: 'a gas agreement gives one characteristic twice',
    change: (account) => {
      agreementOf(account, 1).characteristics = CHARACTERISTICS;
    },
    answers: [[`${GAS}.agreements.0.characteristics.1.code`, 'children_with_duplicate_values']],
  },
  {
    rule: 'AgreementIntermediaryDetails.portfolio_number: Validate the portfolio number',
    when: "an intermediary's portfolio number is too short",
    change: (account) => {
      agreementOf(account, 0).intermediary = { portfolio_number: 'P-123' };
    },
    answers: [[`${ELECTRICITY}.agreements.0.intermediary.portfolio_number`, 'invalid_portfolio_number']],
  },
];

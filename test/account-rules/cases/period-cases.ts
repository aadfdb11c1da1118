import { ELECTRICITY, GAS, type Json, type RuleCase } from './case-shape.js';

const electricity = (account: Json) => account.supply_addresses[0].meter_points[0];
const gas = (account: Json) => account.supply_addresses[0].meter_points[1];
/** A business account, whose meter points may have tax exemptions. */
const business = (account: Json) => {
  account.account_type = 'BUSINESS';
  account.account_billing_options = { period_start_day: 1, period_length: 'MONTHLY' };
};
const exemptions = (point: (account: Json) => Json, field: string, list: Json[]) => (account: Json) => {
  business(account);
  point(account)[field] = list;
};
const OPEN_TWICE = [
  { effective_from: '2023-04-01', rate: '0.05' },
  { effective_from: '2024-04-01', rate: '0.05' },
];
const OVERLAPPING = [
  { effective_from: '2023-04-01', effective_to: '2024-04-01', rate: '0.05' },
  { effective_from: '2024-01-01', effective_to: '2024-05-01', rate: '0.05' },
];
const agreement = (extra: Json = {}) => ({
  scheme: 'ECO',
  amount: '10.00',
  interval: 'MONTHLY',
  active_period_start_date: '2023-04-01',
  active_period_end_date: '2024-03-31',
  ...extra,
});

const exemptionCases = (schema: string, point: (account: Json) => Json, at: string): RuleCase[] =>
  ['ccl_exemptions', 'vat_exemptions'].flatMap((field) => [
    {
      rule: `${schema}.${field}: Validate tax exemption end dates`,
      when: `two ${field} of a business meter point are open-ended (so they overlap too)`,
      change: exemptions(point, field, OPEN_TWICE),
      answers: [
        [`${at}.${field}.1.effective_to`, 'multiple_open_ended_tax_exemptions'],
        [`${at}.${field}.1.effective_from`, 'overlapping_effective_dates_for_tax_exemptions'],
      ],
    },
    {
      rule: `${schema}.${field}: Validate no overlapping tax exemptions`,
      when: `two ${field} of a business meter point overlap`,
      change: exemptions(point, field, OVERLAPPING),
      answers: [[`${at}.${field}.1.effective_from`, 'overlapping_effective_dates_for_tax_exemptions']],
    },
  ]);

export const periodCases: RuleCase[] = [
  ...exemptionCases('ElectricityMeterPoint', electricity, ELECTRICITY),
  ...exemptionCases('GasMeterPoint', gas, GAS),
  {
    rule: 'EnergyTaxExemption: Validate effective_to not before or equal to effective_from',
    when: 'a tax exemption ends on the day it starts',
    change: exemptions(gas, 'vat_exemptions', [
      { effective_from: '2023-04-01', effective_to: '2023-04-01', rate: '0.05' },
    ]),
    answers: [[`${GAS}.vat_exemptions.0.effective_to`, 'start_date_same_as_end_date']],
  },
  {
    rule: 'ElectricityMeterPoint.capacity_values: Validate that the given periods are consecutive and have no gaps',
    when: 'a capacity value starts a day after the one before ends',
    change: (account) => {
      electricity(account).capacity_values = [
        { effective_from_date: '2023-04-01', effective_to_date: '2023-10-01', value: '100' },
        { effective_from_date: '2023-10-02', value: '120' },
      ];
    },
    answers: [[`${ELECTRICITY}.capacity_values.1.effective_from_date`, 'gaps_or_overlaps_in_periods']],
  },
  {
    rule: 'ElectricityMeterPoint.configuration_periods: Validate that the given periods are consecutive and have no gaps',
    when: 'a configuration period ends the day it starts',
    change: (account) => {
      electricity(account).configuration_periods = [
        { effective_from_date: '2023-04-01', effective_to_date: '2023-04-01' },
        { effective_from_date: '2023-04-01' },
      ];
    },
    answers: [[`${ELECTRICITY}.configuration_periods.0.effective_to_date`, 'zero_length_periods']],
  },
  {
    rule: 'ElectricityMeterPoint.configuration_periods: Validate that configuration periods start in the past',
    when: 'the latest configuration period has an end',
    change: (account) => {
      electricity(account).configuration_periods = [
        { effective_from_date: '2023-04-01', effective_to_date: '2024-04-01' },
      ];
    },
    answers: [
      [
        `${ELECTRICITY}.configuration_periods.0.effective_to_date`,
        'latest_configuration_period_not_open_ended',
      ],
    ],
  },
  {
    rule: 'ElectricityMeterPoint.configuration_periods: Validate that configuration periods start in the past',
    when: 'the latest configuration period starts tomorrow',
    change: (account) => {
      electricity(account).configuration_periods = [
        { effective_from_date: '2023-04-01', effective_to_date: '2024-06-02' },
        { effective_from_date: '2024-06-02' },
      ];
    },
    answers: [
      [`${ELECTRICITY}.configuration_periods.1.effective_from_date`, 'configuration_period_starts_in_future'],
    ],
  },
  {
    rule: 'ElectricityCapacityValue: Validate effective_to_date not before effective_from_date',
    when: 'the only capacity value ends before it starts',
    change: (account) => {
      electricity(account).capacity_values = [
        { effective_from_date: '2023-04-01', effective_to_date: '2023-03-01', value: '100' },
      ];
    },
    answers: [[`${ELECTRICITY}.capacity_values.0.effective_to_date`, 'start_date_later_than_end_date']],
  },
  {
    rule: 'ElectricityConfigurationPeriod: Validate effective_to_date not before effective_from_date',
    when: 'the only dated configuration period ends before it starts (so the periods neither follow one another nor end open)',
    change: (account) => {
      electricity(account).configuration_periods = [
        { effective_from_date: '2023-04-01', effective_to_date: '2023-03-01' },
        { effective_from_date: '2023-03-01' },
      ];
    },
    answers: [
      [`${ELECTRICITY}.configuration_periods.0.effective_from_date`, 'gaps_or_overlaps_in_periods'],
      [
        `${ELECTRICITY}.configuration_periods.0.effective_to_date`,
        'latest_configuration_period_not_open_ended',
      ],
      [`${ELECTRICITY}.configuration_periods.0.effective_to_date`, 'start_date_later_than_end_date'],
    ],
  },
  {
    rule: 'AccountCampaign: Validate expiry_date not before or equal to start_date',
    when: 'a campaign expires the day it starts',
    change: (account) => {
      account.account_campaigns = [
        { slug: 'abusivecustomer', start_date: '2024-01-01', expiry_date: '2024-01-01' },
      ];
    },
    answers: [['account_campaigns.0.expiry_date', 'start_date_same_as_end_date']],
  },
  {
    rule: 'ContributionSchemeAgreement: Validate active_period_end_date not before active_period_start_date',
    when: "a contribution agreement's active period ends before it starts",
    change: (account) => {
      account.contribution_agreements = [agreement({ active_period_end_date: '2023-03-01' })];
    },
    answers: [['contribution_agreements.0.active_period_end_date', 'start_date_later_than_end_date']],
  },
  {
    rule: 'ContributionSchemePeriod: Validate end_date not before start_date',
    when: 'a contribution period ends before it starts',
    change: (account) => {
      account.contribution_agreements = [
        agreement({ periods: [{ start_date: '2023-05-01', end_date: '2023-04-30' }] }),
      ];
    },
    answers: [['contribution_agreements.0.periods.0.end_date', 'start_date_later_than_end_date']],
  },
  {
    rule: 'EnergyCommissionContract: Validate effective_to not before effective_from',
    when: 'a commission contract ends before it starts',
    change: (account) => {
      account.commission_contracts = [
        {
          affiliate_organisation_name: 'Switch Co',
          effective_from: '2023-04-01',
          effective_to: '2023-03-01',
          mpxn: '3104892304',
          status: 'PAID',
        },
      ];
    },
    answers: [['commission_contracts.0.effective_to', 'start_date_later_than_end_date']],
  },
  {
    rule: 'PartnerOrganisation: Validate valid_to not before valid_from',
    when: 'a partner organisation is valid to a time before it is valid from',
    change: (account) => {
      account.partner_organisations = [
        {
          organisation_number: 'ORG-1',
          role: 'BROKER',
          valid_from: '2023-04-01T10:00:00Z',
          valid_to: '2023-04-01T09:00:00Z',
        },
      ];
    },
    answers: [['partner_organisations.0.valid_to', 'start_date_later_than_end_date']],
  },
  {
    rule: 'PropertyAdministrator: Validate effective_to not before effective_from',
    when: 'a property administrator stops before starting',
    change: (account) => {
      account.supply_addresses[0].property_administrators = [
        { family_name: 'Reed', effective_from: '2023-04-01T00:00:00Z', effective_to: '2023-01-01T00:00:00Z' },
      ];
    },
    answers: [
      ['supply_addresses.0.property_administrators.0.effective_to', 'start_date_later_than_end_date'],
    ],
  },
  {
    rule: 'EnergyAccount.contribution_agreements: Validate contribution agreements do not overlap',
    when: 'two agreements of one scheme are active at once',
    change: (account) => {
      account.contribution_agreements = [
        agreement(),
        agreement({ active_period_start_date: '2024-01-01', active_period_end_date: null }),
      ];
    },
    answers: [['contribution_agreements.1.active_period_start_date', 'overlapping_contribution_agreements']],
  },
  {
    rule: 'ContributionSchemeAgreement: Validate contribution period dates',
    when: 'contribution periods start before the active period and overlap',
    change: (account) => {
      account.contribution_agreements = [
        agreement({
          periods: [
            { start_date: '2023-03-01', end_date: '2023-05-31' },
            { start_date: '2023-05-01', end_date: '2023-06-30' },
          ],
        }),
      ];
    },
    answers: [
      ['contribution_agreements.0.periods.0.start_date', 'invalid_contribution_period_start_date'],
      ['contribution_agreements.0.periods.1.start_date', 'overlapping_contribution_periods'],
    ],
  },
  {
    rule: 'ContributionSchemeAgreement: Validate contribution period dates',
    when: 'a contribution period ends after the active period',
    change: (account) => {
      account.contribution_agreements = [
        agreement({ periods: [{ start_date: '2024-03-01', end_date: '2024-04-30' }] }),
      ];
    },
    answers: [['contribution_agreements.0.periods.0.end_date', 'invalid_contribution_period_end_date']],
  },
];

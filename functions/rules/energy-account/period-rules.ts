import type { FieldError } from '../../errors.js';
import { ELECTRICITY_POINTS, GAS_POINTS } from './payload-places.js';
import type { Item, Located, PayloadRule } from './payload-rule.js';
import { fieldError, given, itemsAt, list, text } from './payload-rule.js';
import { dateOrderRule } from './rule-builders.js';

/** The items of a list field of each located parent, with their paths, sorted by a date field. */
function sortedChildren(parent: Located, field: string, by: string): Located[] {
  return list(parent.item, field)
    .map((item, index) => ({ item, attr: `${parent.attr}.${field}.${index}` }))
    .sort((a, b) => (text(a.item, by) ?? '').localeCompare(text(b.item, by) ?? ''));
}

const OPEN = '9999-12-31';

/** Tax exemptions of a meter point: one open-ended at most, none overlapping another. */
function exemptionRules(schema: string, at: string, field: string): PayloadRule[] {
  return [
    {
      rule: `${schema}.${field}: Validate tax exemption end dates`,
      codes: ['multiple_open_ended_tax_exemptions'],
      check: (account) =>
        itemsAt(account, at).flatMap((point) =>
          sortedChildren(point, field, 'effective_from')
            .filter(({ item }) => !given(item, 'effective_to'))
            .slice(1)
            .map(({ attr }) =>
              fieldError(
                `${attr}.effective_to`,
                'multiple_open_ended_tax_exemptions',
                'Only one tax exemption of a kind may be open-ended.',
              ),
            ),
        ),
    },
    {
      rule: `${schema}.${field}: Validate no overlapping tax exemptions`,
      codes: ['overlapping_effective_dates_for_tax_exemptions'],
      check: (account) =>
        itemsAt(account, at).flatMap((point) => {
          const sorted = sortedChildren(point, field, 'effective_from');
          return sorted
            .slice(1)
            .flatMap(({ item, attr }, index) =>
              (text(item, 'effective_from') ?? '') < (text(sorted[index]!.item, 'effective_to') ?? OPEN)
                ? [
                    fieldError(
                      `${attr}.effective_from`,
                      'overlapping_effective_dates_for_tax_exemptions',
                      'This tax exemption starts before the one before it ends.',
                    ),
                  ]
                : [],
            );
        }),
    },
  ];
}

/** Periods that follow one another: each starts on the day the one before ends, and none is empty. */
function consecutivePeriods(account: Item, field: string): FieldError[] {
  return itemsAt(account, ELECTRICITY_POINTS).flatMap((point) => {
    const sorted = sortedChildren(point, field, 'effective_from_date');
    return sorted.flatMap(({ item, attr }, index): FieldError[] => {
      const from = text(item, 'effective_from_date');
      if (from !== undefined && from === text(item, 'effective_to_date')) {
        return [
          fieldError(
            `${attr}.effective_to_date`,
            'zero_length_periods',
            'A period ends on the day it starts.',
          ),
        ];
      }
      const previous = index > 0 ? sorted[index - 1]! : undefined;
      if (previous === undefined || text(previous.item, 'effective_to_date') === from) return [];
      return [
        fieldError(
          `${attr}.effective_from_date`,
          'gaps_or_overlaps_in_periods',
          'A period starts on the day the one before it ends.',
        ),
      ];
    });
  });
}

function configurationPeriodsStarted(account: Item, today: string): FieldError[] {
  return itemsAt(account, ELECTRICITY_POINTS).flatMap((point) => {
    const sorted = sortedChildren(point, 'configuration_periods', 'effective_from_date');
    const future = sorted
      .filter(({ item }) => (text(item, 'effective_from_date') ?? '') > today)
      .map(({ attr }) =>
        fieldError(
          `${attr}.effective_from_date`,
          'configuration_period_starts_in_future',
          'A configuration period cannot start after today.',
        ),
      );
    const last = sorted.at(-1);
    const open =
      last === undefined || !given(last.item, 'effective_to_date')
        ? []
        : [
            fieldError(
              `${last.attr}.effective_to_date`,
              'latest_configuration_period_not_open_ended',
              'The latest configuration period has no end.',
            ),
          ];
    return [...future, ...open];
  });
}

function overlappingContributionAgreements(account: Item): FieldError[] {
  const byScheme = new Map<string, Located[]>();
  list(account, 'contribution_agreements').forEach((item, index) => {
    const scheme = text(item, 'scheme') ?? '';
    byScheme.set(scheme, [
      ...(byScheme.get(scheme) ?? []),
      { item, attr: `contribution_agreements.${index}` },
    ]);
  });
  return [...byScheme.values()].flatMap((agreements) => {
    const sorted = agreements.sort((a, b) =>
      (text(a.item, 'active_period_start_date') ?? '').localeCompare(
        text(b.item, 'active_period_start_date') ?? '',
      ),
    );
    return sorted
      .slice(1)
      .flatMap(({ item, attr }, index) =>
        (text(item, 'active_period_start_date') ?? '') <=
        (text(sorted[index]!.item, 'active_period_end_date') ?? OPEN)
          ? [
              fieldError(
                `${attr}.active_period_start_date`,
                'overlapping_contribution_agreements',
                'Another contribution agreement of this scheme is active then.',
              ),
            ]
          : [],
      );
  });
}

function contributionPeriods(account: Item): FieldError[] {
  return itemsAt(account, 'contribution_agreements[]').flatMap((agreement) => {
    const start = text(agreement.item, 'active_period_start_date') ?? '';
    const end = text(agreement.item, 'active_period_end_date') ?? OPEN;
    const sorted = sortedChildren(agreement, 'periods', 'start_date');
    return sorted.flatMap(({ item, attr }, index) => {
      const errors: FieldError[] = [];
      if ((text(item, 'start_date') ?? '') < start) {
        errors.push(
          fieldError(
            `${attr}.start_date`,
            'invalid_contribution_period_start_date',
            'A contribution period starts within the active period.',
          ),
        );
      }
      if ((text(item, 'end_date') ?? '') > end) {
        errors.push(
          fieldError(
            `${attr}.end_date`,
            'invalid_contribution_period_end_date',
            'A contribution period ends within the active period.',
          ),
        );
      }
      if (
        index > 0 &&
        (text(item, 'start_date') ?? '') <= (text(sorted[index - 1]!.item, 'end_date') ?? '')
      ) {
        errors.push(
          fieldError(
            `${attr}.start_date`,
            'overlapping_contribution_periods',
            'This contribution period starts before the one before it ends.',
          ),
        );
      }
      return errors;
    });
  });
}

const order = (rule: string, at: string, from: string, to: string, strict = false): PayloadRule =>
  dateOrderRule({
    rule,
    code: strict ? 'start_date_same_as_end_date' : 'start_date_later_than_end_date',
    at: [at],
    from,
    to,
    strict,
  });

const EXEMPTIONS = [
  `${ELECTRICITY_POINTS}.ccl_exemptions[]`,
  `${ELECTRICITY_POINTS}.vat_exemptions[]`,
  `${GAS_POINTS}.ccl_exemptions[]`,
  `${GAS_POINTS}.vat_exemptions[]`,
];

/** Periods of every kind: ends after starts, no overlaps, no gaps where periods must follow one another. */
export const periodRules: PayloadRule[] = [
  ...exemptionRules('ElectricityMeterPoint', ELECTRICITY_POINTS, 'ccl_exemptions'),
  ...exemptionRules('ElectricityMeterPoint', ELECTRICITY_POINTS, 'vat_exemptions'),
  ...exemptionRules('GasMeterPoint', GAS_POINTS, 'ccl_exemptions'),
  ...exemptionRules('GasMeterPoint', GAS_POINTS, 'vat_exemptions'),
  dateOrderRule({
    rule: 'EnergyTaxExemption: Validate effective_to not before or equal to effective_from',
    code: 'start_date_same_as_end_date',
    at: EXEMPTIONS,
    from: 'effective_from',
    to: 'effective_to',
    strict: true,
  }),
  {
    rule: 'ElectricityMeterPoint.capacity_values: Validate that the given periods are consecutive and have no gaps',
    codes: ['gaps_or_overlaps_in_periods', 'zero_length_periods'],
    check: (account) => consecutivePeriods(account, 'capacity_values'),
  },
  {
    rule: 'ElectricityMeterPoint.configuration_periods: Validate that the given periods are consecutive and have no gaps',
    codes: ['gaps_or_overlaps_in_periods', 'zero_length_periods'],
    check: (account) => consecutivePeriods(account, 'configuration_periods'),
  },
  {
    rule: 'ElectricityMeterPoint.configuration_periods: Validate that configuration periods start in the past',
    codes: ['configuration_period_starts_in_future', 'latest_configuration_period_not_open_ended'],
    check: configurationPeriodsStarted,
  },
  order(
    'ElectricityCapacityValue: Validate effective_to_date not before effective_from_date',
    `${ELECTRICITY_POINTS}.capacity_values[]`,
    'effective_from_date',
    'effective_to_date',
  ),
  order(
    'ElectricityConfigurationPeriod: Validate effective_to_date not before effective_from_date',
    `${ELECTRICITY_POINTS}.configuration_periods[]`,
    'effective_from_date',
    'effective_to_date',
  ),
  order(
    'AccountCampaign: Validate expiry_date not before or equal to start_date',
    'account_campaigns[]',
    'start_date',
    'expiry_date',
    true,
  ),
  order(
    'ContributionSchemeAgreement: Validate active_period_end_date not before active_period_start_date',
    'contribution_agreements[]',
    'active_period_start_date',
    'active_period_end_date',
  ),
  order(
    'ContributionSchemePeriod: Validate end_date not before start_date',
    'contribution_agreements[].periods[]',
    'start_date',
    'end_date',
  ),
  order(
    'EnergyCommissionContract: Validate effective_to not before effective_from',
    'commission_contracts[]',
    'effective_from',
    'effective_to',
  ),
  order(
    'PartnerOrganisation: Validate valid_to not before valid_from',
    'partner_organisations[]',
    'valid_from',
    'valid_to',
  ),
  order(
    'PropertyAdministrator: Validate effective_to not before effective_from',
    'supply_addresses[].property_administrators[]',
    'effective_from',
    'effective_to',
  ),
  {
    rule: 'EnergyAccount.contribution_agreements: Validate contribution agreements do not overlap',
    codes: ['overlapping_contribution_agreements'],
    check: overlappingContributionAgreements,
  },
  {
    rule: 'ContributionSchemeAgreement: Validate contribution period dates',
    codes: [
      'invalid_contribution_period_end_date',
      'invalid_contribution_period_start_date',
      'overlapping_contribution_periods',
    ],
    check: contributionPeriods,
  },
];

import { ELECTRICITY, GAS, type Json, type RuleCase } from './case-shape.js';

const electricity = (account: Json) => account.supply_addresses[0].meter_points[0];
const gas = (account: Json) => account.supply_addresses[0].meter_points[1];
/** A meter point whose supply ended before it started, with nothing else to judge. */
const endedBeforeStart = (meterPoint: Json) => {
  meterPoint.meters = [];
  meterPoint.agreements = [];
  meterPoint.supply_end_date = '2023-03-01';
};
const offSupply = (meterPoint: Json, effectiveFrom: string) => {
  meterPoint.meters = [];
  meterPoint.agreements = [
    { tariff_code: 'X-1R-VAR-A', effective_from: effectiveFrom, effective_to: '2024-03-01' },
  ];
  meterPoint.supply_end_date = '2024-03-01';
};

export const meterPointCases: RuleCase[] = [
  {
    rule: 'ElectricityMeterPoint: Validate supply_end_date not before supply_start_date',
    when: 'an electricity supply ends before it starts',
    change: (account) => endedBeforeStart(electricity(account)),
    answers: [[`${ELECTRICITY}.supply_end_date`, 'start_date_later_than_end_date']],
  },
  {
    rule: 'GasMeterPoint: Validate supply_end_date not before supply_start_date',
    when: 'a gas supply ends before it starts',
    change: (account) => endedBeforeStart(gas(account)),
    answers: [[`${GAS}.supply_end_date`, 'start_date_later_than_end_date']],
  },
  {
    rule: 'ElectricityMeterPoint.dr_in_progress: Validate that no disputed reads are in progress',
    when: 'an electricity meter point has a disputed read in progress',
    change: (account) => {
      electricity(account).dr_in_progress = true;
    },
    answers: [[`${ELECTRICITY}.dr_in_progress`, 'disputed_read_in_progress']],
  },
  {
    rule: 'GasMeterPoint.dr_in_progress: Validate that no disputed reads are in progress',
    when: 'a gas meter point has a disputed read in progress',
    change: (account) => {
      gas(account).dr_in_progress = true;
    },
    answers: [[`${GAS}.dr_in_progress`, 'disputed_read_in_progress']],
  },
  {
    rule: 'ElectricityMeterPoint.et_in_progress: Validate that no erroneous transfers are in progress',
    when: 'an electricity meter point has an erroneous transfer in progress',
    change: (account) => {
      electricity(account).et_in_progress = true;
    },
    answers: [[`${ELECTRICITY}.et_in_progress`, 'erroneous_transfer_not_in_progress']],
  },
  {
    rule: 'GasMeterPoint.et_in_progress: Validate that no erroneous transfers are in progress',
    when: 'a gas meter point has an erroneous transfer in progress',
    change: (account) => {
      gas(account).et_in_progress = true;
    },
    answers: [[`${GAS}.et_in_progress`, 'erroneous_transfer_not_in_progress']],
  },
  {
    rule: 'ElectricityMeterPoint.identifier: Validate the supply point identifier',
    when: "an MPAN core's check digit is wrong",
    change: (account) => {
      electricity(account).identifier = '1200023305968';
    },
    answers: [[`${ELECTRICITY}.identifier`, 'invalid_supply_point_identifier']],
  },
  {
    rule: 'GasMeterPoint.identifier: Validate the supply point identifier',
    when: 'an MPRN has five digits',
    change: (account) => {
      gas(account).identifier = '31048';
    },
    answers: [[`${GAS}.identifier`, 'invalid_supply_point_identifier']],
  },
  {
    rule: 'EnergyCommissionContract.mpxn: Validate the supply point identifier',
    when: "a commission contract's meter point is neither an MPAN core nor an MPRN",
    change: (account) => {
      account.commission_contracts = [
        {
          affiliate_organisation_name: 'Switch Co',
          effective_from: '2023-04-01',
          effective_to: '2024-04-01',
          mpxn: '12A',
          status: 'PAID',
        },
      ];
    },
    answers: [['commission_contracts.0.mpxn', 'invalid_supply_point_identifier']],
  },
  {
    rule: 'ElectricityMeterPoint: Validate that either agents or MPIDs to appoint are provided, or none are provided',
    when: 'an electricity meter point gives its agents and a data collector to appoint',
    change: (account) => {
      electricity(account).agents = { dc_contract: null };
      electricity(account).dc_to_appoint = 'UDMS';
    },
    answers: [[`${ELECTRICITY}.agents`, 'agents_and_mpids_to_appoint_provided']],
  },
  {
    rule: 'EnergyLegacySupplyAddress.meter_points: Validate that there are no duplicate MPXNs on a supply point',
    when: 'a supply address gives the gas meter point twice',
    change: (account) => {
      account.supply_addresses[0].meter_points.push(structuredClone(gas(account)));
    },
    answers: [['supply_addresses.0.meter_points.2.identifier', 'duplicate_meter_points_provided']],
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate no duplicate meter points on different supply addresses',
    when: 'a second supply address gives the gas meter point again',
    change: (account) => {
      account.supply_addresses.push({
        ...account.supply_addresses[0],
        supply_address1: '14 Orchard Lane',
        meter_points: [structuredClone(gas(account))],
      });
    },
    answers: [
      [
        'supply_addresses.1.meter_points.0.identifier',
        'duplicate_meter_points_on_different_supply_addresses_provided',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate that no meter points are ending supply in the future',
    when: 'a gas supply ends next month (a loss in progress, so both rules answer)',
    change: (account) => {
      gas(account).supply_end_date = '2024-07-01';
    },
    answers: [
      [`${GAS}.supply_end_date`, 'future_supply_end_date'],
      [`${GAS}.supply_end_date`, 'loss_in_progress'],
    ],
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate no loss in progress at supply address',
    when: 'an electricity supply ends tomorrow (so it also ends in the future)',
    change: (account) => {
      electricity(account).supply_end_date = '2024-06-02';
    },
    answers: [
      [`${ELECTRICITY}.supply_end_date`, 'future_supply_end_date'],
      [`${ELECTRICITY}.supply_end_date`, 'loss_in_progress'],
    ],
  },
  {
    rule: 'EnergyAccount: Validate that all off supply meter points with meters have a final reading',
    when: 'a gas supply ended in March with no reading that day',
    change: (account) => {
      gas(account).supply_end_date = '2024-03-01';
      gas(account).agreements[0].effective_to = '2024-03-01';
    },
    answers: [[`${GAS}.supply_end_date`, 'no_reading_on_supply_end_date']],
  },
  {
    rule: 'EnergyAccount: Validate that no billable meter points are starting supply in the future',
    when: 'a gas supply and its agreement start next month',
    change: (account) => {
      gas(account).supply_start_date = '2024-07-01';
      gas(account).agreements[0].effective_from = '2024-07-01';
    },
    answers: [[`${GAS}.supply_start_date`, 'future_supply_start_date']],
  },
  {
    rule: 'EnergyAccount: Validate that all billable meter points have active meters',
    when: 'the only meter of a gas meter point on supply was removed',
    change: (account) => {
      gas(account).meters[0].removed_on = '2024-01-20';
    },
    answers: [[`${GAS}.meters`, 'meter_point_with_no_meters']],
  },
  {
    rule: 'EnergyAccount: Validate that at least one of the meter points needs billing',
    when: 'both meter points went off supply in March',
    change: (account) => {
      offSupply(electricity(account), '2023-04-01');
      offSupply(gas(account), '2023-04-01');
    },
    answers: [['supply_addresses', 'no_supply_point_on_supply']],
  },
];

import { ELECTRICITY, GAS, type Json, type RuleCase } from './case-shape.js';

const electricity = (account: Json) => account.supply_addresses[0].meter_points[0];
const gas = (account: Json) => account.supply_addresses[0].meter_points[1];

export const consumptionCases: RuleCase[] = [
  {
    rule: 'EnergyAccount: Validate current AQ for billable meter point',
    when: "a gas meter point's only AQ ended yesterday",
    change: (account) => {
      gas(account).aq_history[0].effective_to = '2024-05-31';
    },
    answers: [[`${GAS}.aq_history`, 'no_current_or_future_aq_entry_found']],
  },
  {
    rule: 'GasMeterPoint.aq_history: Validate that at most one open-ended AQ entry is present in the AQ history',
    when: 'two AQs are open-ended (so the second does not follow the first either)',
    change: (account) => {
      gas(account).aq_history.push({ effective_from: '2024-01-01', consumption: '12000' });
    },
    answers: [
      [`${GAS}.aq_history.1.effective_to`, 'multiple_open_ended_aqs_in_meterpoint_aq_history'],
      [`${GAS}.aq_history.1.effective_from`, 'gaps_or_overlaps_in_aq_history'],
    ],
  },
  {
    rule: 'GasMeterPoint.aq_history: Validate that there are no gaps in the AQ history',
    when: 'an AQ starts two days after the one before ends',
    change: (account) => {
      gas(account).aq_history[0].effective_to = '2023-12-31';
      gas(account).aq_history.push({ effective_from: '2024-01-02', consumption: '12000' });
    },
    answers: [[`${GAS}.aq_history.1.effective_from`, 'gaps_or_overlaps_in_aq_history']],
  },
  {
    rule: 'GasAnnualQuantity: Validate effective_to not before effective_from',
    when: 'the only AQ ends before it starts (so no AQ is current)',
    change: (account) => {
      gas(account).aq_history[0].effective_to = '2023-03-01';
    },
    answers: [
      [`${GAS}.aq_history`, 'no_current_or_future_aq_entry_found'],
      [`${GAS}.aq_history.0.effective_to`, 'start_date_later_than_end_date'],
    ],
  },
  {
    rule: 'EnergyAccount: Validate EACs provided for active registers',
    when: 'the EAC of the second register is missing',
    change: (account) => {
      electricity(account).eac_history.pop();
    },
    answers: [[`${ELECTRICITY}.meters.0.registers.1.tpr`, 'missing_eacs_for_active_register_tpr']],
  },
  {
    rule: 'ElectricityMeterPoint.eac_history: Validate that there are no repeated entries in the EAC history',
    when: 'an EAC is given twice',
    change: (account) => {
      electricity(account).eac_history.push({ ...electricity(account).eac_history[0], consumption: '2500' });
    },
    answers: [[`${ELECTRICITY}.eac_history.2`, 'repeated_eac_for_tpr']],
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate that import-export meters have two meter points',
    when: 'an import-export meter point shares its meter with no other',
    change: (account) => {
      electricity(account).export_type = 'IMPORT_EXPORT';
    },
    answers: [[`${ELECTRICITY}.export_type`, 'import_meter_not_found_for_export_meter']],
  },
  {
    rule: 'EnergyAccount.supply_addresses: Valdiate that only twin element meters have duplicate meter points',
    when: 'two electricity meter points, neither import-export, share a meter',
    change: (account) => {
      account.supply_addresses[0].meter_points.push({
        ...structuredClone(electricity(account)),
        identifier: '1200023305976',
      });
    },
    answers: [
      ['supply_addresses.0.meter_points.2.meters', 'unexpected_number_of_meter_points_found_for_meter'],
    ],
  },
  {
    rule: 'EnergySmartRefusalInterest: Validate smart refusal reason',
    when: 'a customer interested in a smart meter gives a refusal reason',
    change: (account) => {
      electricity(account).smart_refusal_interest = {
        type: 'INTERESTED',
        date: '2024-01-01',
        refusal_reason: 'WORRIED_SECURITY',
      };
    },
    answers: [
      [`${ELECTRICITY}.smart_refusal_interest.refusal_reason`, 'smart_refusal_reason_given_for_interest'],
    ],
  },
];

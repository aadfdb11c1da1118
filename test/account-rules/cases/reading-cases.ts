import { ELECTRICITY, GAS, type Json, type RuleCase } from './case-shape.js';

const electricityMeter = (account: Json) => account.supply_addresses[0].meter_points[0].meters[0];
const gasMeters = (account: Json) => account.supply_addresses[0].meter_points[1].meters;
const E = `${ELECTRICITY}.meters.0`;
/** The gas meter exchanged on the day it was last billed, for a new one with its transfer reading. */
const gasExchange = (account: Json) => {
  gasMeters(account)[0].removed_on = '2024-01-15';
  gasMeters(account).push({
    meter_serial_number: 'G4A00099999999',
    gas_number_of_digits: 5,
    installed_on: '2024-01-16',
    transfer_readings: [{ reading_date: '2024-01-15', reading_type: 'CUSTOMER', reading_value: '00000' }],
  });
};

export const readingCases: RuleCase[] = [
  {
    rule: 'EnergyAccount: Validate that a last billed to date has been provided correctly',
    when: 'a settlement register of a billed account has no last billed to date',
    change: (account) => {
      delete electricityMeter(account).registers[0].last_billed_to_date;
    },
    answers: [[`${E}.registers.0.last_billed_to_date`, 'last_billed_to_date_not_found']],
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate that a last billed to date is provided for an exchanged meter',
    when: 'an exchanged gas meter does not say how far it was billed',
    change: (account) => {
      gasExchange(account);
      delete gasMeters(account)[0].last_billed_to_date;
    },
    answers: [[`${GAS}.meters.0.last_billed_to_date`, 'no_last_billed_to_date_on_exchanged_meter']],
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate that a last billed to date is provided for an exchanged meter',
    when: 'the gas meter that replaced another says it was billed',
    change: (account) => {
      gasExchange(account);
      gasMeters(account)[1].last_billed_to_date = '2024-01-15';
    },
    answers: [[`${GAS}.meters.1.last_billed_to_date`, 'last_billed_to_date_on_new_meter']],
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate meter exchange readings provided',
    when: 'an exchanged gas meter has no reading on the day it was removed',
    change: (account) => {
      gasExchange(account);
      gasMeters(account)[0].removed_on = '2024-01-16';
    },
    answers: [[`${GAS}.meters.0.removed_on`, 'no_reading_on_removed_on']],
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate meter exchange readings provided',
    when: 'an exchanged gas meter has no transfer reading',
    change: (account) => {
      gasExchange(account);
      gasMeters(account)[0].transfer_readings = [];
    },
    answers: [[`${GAS}.meters.0.transfer_readings`, 'no_transfer_reading_on_exchanged_meter']],
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate that there are no billed readings after the last_billed_to_date',
    when: 'a billed electricity reading is dated after its register was last billed',
    change: (account) => {
      electricityMeter(account).reading_history[0].reading_date = '2024-01-20';
    },
    answers: [[`${E}.reading_history.0.reading_date`, 'billed_reading_after_last_billed_to_date']],
  },
  {
    rule: 'EnergyAccount.supply_addresses: Validate all transfer reading dates match last billed to date',
    when: 'the gas transfer reading is taken the day before the meter was last billed',
    change: (account) => {
      gasMeters(account)[0].transfer_readings[0].reading_date = '2024-01-14';
    },
    answers: [
      [
        `${GAS}.meters.0.transfer_readings.0.reading_date`,
        'transfer_reading_dates_must_match_last_billed_to_date',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate prepay transfer vend read dates match last billed to date',
    when: "a prepay meter's vend read is the day before it was last billed",
    change: (account) => {
      Object.assign(electricityMeter(account), {
        is_prepay: true,
        prepay_customer_reference_number: '1234',
        prepay_details: {
          credit_balance: '5.00',
          debt_balance: '0.00',
          transfer_vend_read_date: '2024-01-14',
        },
      });
    },
    answers: [
      [
        `${E}.prepay_details.transfer_vend_read_date`,
        'transfer_vend_read_date_must_match_last_billed_to_date',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate transfer readings exist on active gas meters',
    when: 'an active gas meter has two transfer readings',
    change: (account) => {
      gasMeters(account)[0].transfer_readings.push({
        reading_date: '2024-01-15',
        reading_type: 'CUSTOMER',
        reading_value: '03988',
      });
    },
    answers: [[`${GAS}.meters.0.transfer_readings`, 'active_gas_meter_with_multiple_transfer_readings']],
  },
  {
    rule: 'EnergyAccount: Validate transfer readings exist on active electricity registers',
    when: 'the second register of an active electricity meter has no transfer reading',
    change: (account) => {
      electricityMeter(account).transfer_readings.pop();
    },
    answers: [[`${E}.registers.1`, 'missing_transfer_reading_for_register']],
  },
  {
    rule: 'ElectricityMeter: Validate that transfer readings belong to active meter register IDs',
    when: 'a transfer reading names a register the meter does not have',
    change: (account) => {
      electricityMeter(account).transfer_readings.push({
        register_id: '3',
        reading_date: '2024-01-15',
        reading_type: 'SMART',
        reading_value: '1',
      });
    },
    answers: [[`${E}.transfer_readings.2.register_id`, 'reading_register_id_not_recognised']],
  },
  {
    rule: 'ElectricityMeter: Validate that historical readings have existing register IDs',
    when: 'a historical electricity reading names no register',
    change: (account) => {
      electricityMeter(account).reading_history.push({
        reading_date: '2024-01-10',
        reading_type: 'CUSTOMER',
        reading_value: '1',
        billed: false,
      });
    },
    answers: [[`${E}.reading_history.2.register_id`, 'no_register_id_for_reading']],
  },
];

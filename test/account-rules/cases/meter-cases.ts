import { ELECTRICITY, GAS, type Json, type RuleCase } from './case-shape.js';

const meterOf = (account: Json, point: number) => account.supply_addresses[0].meter_points[point].meters[0];
const electricityMeter = (account: Json) => meterOf(account, 0);
const gasMeter = (account: Json) => meterOf(account, 1);
const E = `${ELECTRICITY}.meters.0`;
const G = `${GAS}.meters.0`;

export const meterCases: RuleCase[] = [
  {
    rule: 'ElectricityMeterPoint: Validate that dummy meter exchanges are valid',
    when: 'two electricity meters with one serial number were installed the same day',
    change: (account) => {
      account.supply_addresses[0].meter_points[0].meters.push(structuredClone(electricityMeter(account)));
    },
    answers: [[`${ELECTRICITY}.meters.1.meter_serial_number`, 'multiple_non_dmex_meters_with_serial_number']],
  },
  {
    rule: 'GasMeterPoint: Validate that dummy meter exchanges are valid',
    when: 'two gas meters with one serial number were installed the same day',
    change: (account) => {
      account.supply_addresses[0].meter_points[1].meters.push(structuredClone(gasMeter(account)));
    },
    answers: [[`${GAS}.meters.1.meter_serial_number`, 'multiple_non_dmex_meters_with_serial_number']],
  },
  {
    rule: 'ElectricityMeter: Validate that smart fields are only provided for smart meters',
    when: 'an electricity meter that is not smart has a smart device ID',
    change: (account) => {
      electricityMeter(account).smart_type = 'NONE';
    },
    answers: [[`${E}.smart_device_id`, 'smart_details_provided_for_non_smart_meter']],
  },
  {
    rule: 'GasMeter: Validate that smart fields are only provided for smart meters',
    when: 'a gas meter that is not smart has a commissioning date',
    change: (account) => {
      gasMeter(account).smart_type = 'NONE';
      gasMeter(account).smart_commissioned_on = '2023-01-01';
    },
    answers: [[`${G}.smart_commissioned_on`, 'smart_details_provided_for_non_smart_meter']],
  },
  {
    rule: 'ElectricityMeter: Validate that prepay fields are only provided for prepay meters',
    when: 'a credit electricity meter has a prepay reference number',
    change: (account) => {
      electricityMeter(account).prepay_customer_reference_number = '1234';
    },
    answers: [[`${E}.prepay_customer_reference_number`, 'prepay_details_on_non_prepay_meter']],
  },
  {
    rule: 'GasMeter: Validate that prepay fields are only provided for prepay meters',
    when: 'a credit gas meter has prepay details',
    change: (account) => {
      gasMeter(account).prepay_details = {
        credit_balance: '5.00',
        debt_balance: '0.00',
        transfer_vend_read_date: '2024-01-15',
      };
    },
    answers: [[`${G}.prepay_details`, 'prepay_details_on_non_prepay_meter']],
  },
  {
    rule: 'ElectricityMeter.meter_serial_number: Validate meter serial number',
    when: 'an electricity serial number has twelve characters',
    change: (account) => {
      electricityMeter(account).meter_serial_number = 'S95A12345678';
    },
    answers: [[`${E}.meter_serial_number`, 'invalid_meter_serial_number']],
  },
  {
    rule: 'ElectricityMeter.meter_serial_number: Validate meter serial number',
    when: 'an electricity serial number is blank',
    change: (account) => {
      electricityMeter(account).meter_serial_number = ' ';
    },
    answers: [[`${E}.meter_serial_number`, 'blank']],
  },
  {
    rule: 'GasMeter.meter_serial_number: Validate meter serial number',
    when: 'a gas serial number has lower-case letters',
    change: (account) => {
      gasMeter(account).meter_serial_number = 'g4a00012345678';
    },
    answers: [[`${G}.meter_serial_number`, 'invalid_meter_serial_number']],
  },
  {
    rule: 'ElectricityMeter.smart_commissioned_on: Validate that the commissioned on date is valid',
    when: 'an electricity smart meter is commissioned tomorrow',
    change: (account) => {
      electricityMeter(account).smart_commissioned_on = '2024-06-02';
    },
    answers: [[`${E}.smart_commissioned_on`, 'future_smart_meter_commission_date']],
  },
  {
    rule: 'GasMeter.smart_commissioned_on: Validate that the commissioned on date is valid',
    when: 'a gas smart meter is commissioned next year',
    change: (account) => {
      gasMeter(account).smart_commissioned_on = '2025-01-01';
    },
    answers: [[`${G}.smart_commissioned_on`, 'future_smart_meter_commission_date']],
  },
  {
    rule: 'ElectricityMeter.smart_device_id: Validate that the smart device ID is valid',
    when: 'an electricity smart device ID has two pairs',
    change: (account) => {
      electricityMeter(account).smart_device_id = '00-0A';
    },
    answers: [[`${E}.smart_device_id`, 'invalid_smart_device_id']],
  },
  {
    rule: 'GasMeter.smart_device_id: Validate that the smart device ID is valid',
    when: 'a gas smart device ID is not hexadecimal',
    change: (account) => {
      gasMeter(account).smart_device_id = 'XY-0A-12-FF-FE-34-56-78';
    },
    answers: [[`${G}.smart_device_id`, 'invalid_smart_device_id']],
  },
  {
    rule: 'ElectricityMeter: Validate electricity prepay meter has customer reference number',
    when: 'an active electricity prepay meter has no reference number',
    change: (account) => {
      electricityMeter(account).is_prepay = true;
    },
    answers: [
      [`${E}.prepay_customer_reference_number`, 'electricity_prepay_meter_without_customer_reference_number'],
    ],
  },
  {
    rule: 'ElectricityMeter.prepay_customer_reference_number: Validate prepay customer reference number',
    when: 'a prepay reference number has a letter',
    change: (account) => {
      electricityMeter(account).is_prepay = true;
      electricityMeter(account).prepay_customer_reference_number = 'A12 34';
    },
    answers: [[`${E}.prepay_customer_reference_number`, 'invalid_prepay_customer_reference_number']],
  },
  {
    rule: 'ElectricityMeterPoint: Validate that registers are present for active meters',
    when: 'an active electricity meter has no registers (nor readings)',
    change: (account) => {
      Object.assign(electricityMeter(account), { registers: [], transfer_readings: [], reading_history: [] });
    },
    answers: [[`${E}.registers`, 'registers_missing_for_active_electricity_meter']],
  },
  {
    rule: 'ElectricityMeterPoint: Validate that TPRs are present for all non half-hourly meter points',
    when: 'a register of a non-half-hourly meter point has no TPR',
    change: (account) => {
      delete electricityMeter(account).registers[0].tpr;
    },
    answers: [[`${E}.registers.0.tpr`, 'registers_missing_for_active_electricity_meter']],
  },
  {
    rule: 'ElectricityMeterPoint.meters: No repeated meter register IDs',
    when: 'two registers of a meter share an ID (with one transfer reading for it)',
    change: (account) => {
      const meter = electricityMeter(account);
      meter.registers[1].register_id = '1';
      meter.transfer_readings.pop();
      meter.reading_history.pop();
    },
    answers: [[`${E}.registers.1.register_id`, 'meter_with_duplicate_register_ids']],
  },
  {
    rule: 'ElectricityMeter.registers: Validate that registers have unique TPRs',
    when: 'two registers of a meter share TPR 00206',
    change: (account) => {
      electricityMeter(account).registers[1].tpr = '00206';
    },
    answers: [[`${E}.registers.1.tpr`, 'registers_have_duplicate_tprs']],
  },
];

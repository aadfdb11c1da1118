import type { Json, RuleCase } from './case-shape.js';

const LINE = 'historical_statement_transactions.0.line_items.0';
const line = (account: Json) => account.historical_statement_transactions[0].line_items[0];

export const supplyChargeCases: RuleCase[] = [
  {
    rule: 'EnergySupplyCharge: Validate that the total transaction amount is correct',
    when: 'a supply charge is a pound more than its lines and taxes (and the transfer balance follows it)',
    change: (account) => {
      account.historical_statement_transactions[0].amount = '127.00';
      account.transfer_balance = '-37.00';
    },
    answers: [
      [
        'historical_statement_transactions.0.amount',
        'ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount',
      ],
    ],
  },
  {
    rule: 'EnergySupplyCharge: Ensure supply point identifier is provided when line items use rate_specification_code',
    when: 'a line priced by a rate specification belongs to a supply charge without its meter point',
    change: (account) => {
      delete line(account).rate_band;
      line(account).rate_specification_code = 'STANDARD-DAY';
      delete account.historical_statement_transactions[0].supply_point_identifier;
    },
    answers: [
      [
        'historical_statement_transactions.0.supply_point_identifier',
        'supply_point_identifier_required_for_rate_specification_code',
      ],
    ],
  },
  {
    rule: 'LineItem: Validate end_date not before start_date',
    when: 'a line ends before it starts',
    change: (account) => {
      line(account).end_date = '2023-12-01';
    },
    answers: [[`${LINE}.end_date`, 'start_date_later_than_end_date']],
  },
  {
    rule: 'LineItem: Validate the line item net amount',
    when: "a line's net amount is 50p off its units times price (the charge and balance follow it)",
    change: (account) => {
      line(account).net_amount = '120.50';
      account.historical_statement_transactions[0].amount = '126.50';
      account.transfer_balance = '-36.50';
    },
    answers: [[`${LINE}.net_amount`, 'incorrect_line_item_net_amount']],
  },
  {
    rule: 'LineItem: Ensure that the band or rate specification or time series specification for a line item is specified.',
    when: 'a line gives both a rate band and a rate specification',
    change: (account) => {
      line(account).rate_specification_code = 'STANDARD-DAY';
    },
    answers: [[`${LINE}.rate_band`, 'conflicting_rate_band_specification']],
  },
  {
    rule: 'LineItem.units: Validate line item units',
    when: 'a line gives one unit value',
    change: (account) => {
      line(account).units = ['400'];
    },
    answers: [[`${LINE}.units`, 'line_item_units_must_be_two_values']],
  },
];

import { transactionsOfType } from './payload-places.js';
import type { PayloadRule } from './payload-rule.js';
import { given, list, text } from './payload-rule.js';
import { productOf, roundUnits, sumOf, units } from './payload-values.js';
import { dateOrderRule, itemRule } from './rule-builders.js';

const SUPPLY_CHARGES = transactionsOfType('SUPPLY_CHARGE');
const LINE_ITEMS = [
  'current_statement_transactions[].line_items[]',
  'historical_statement_transactions[].line_items[]',
];
const RATE_FIELDS = ['rate_band', 'rate_specification_code', 'time_series_specification_code'];

/** Supply charges and their line items: amounts that add up, one rate per line. */
export const supplyChargeRules: PayloadRule[] = [
  itemRule({
    rule: 'EnergySupplyCharge: Validate that the total transaction amount is correct',
    code: 'ledger_transaction_amount_does_not_match_with_line_item_net_amount_and_tax_amount',
    at: SUPPLY_CHARGES,
    field: 'amount',
    detail: "A supply charge's amount is its line items' net amounts plus its tax items' amounts.",
    breaks: (charge) => {
      const lines = sumOf(list(charge, 'line_items').map((line) => text(line, 'net_amount')));
      const taxes = sumOf(list(charge, 'tax_items').map((tax) => text(tax, 'amount')));
      return units(text(charge, 'amount')) !== lines + taxes;
    },
  }),
  itemRule({
    rule: 'EnergySupplyCharge: Ensure supply point identifier is provided when line items use rate_specification_code',
    code: 'supply_point_identifier_required_for_rate_specification_code',
    at: SUPPLY_CHARGES,
    field: 'supply_point_identifier',
    detail: 'A supply charge whose line items use a rate specification code names its meter point.',
    breaks: (charge) =>
      !given(charge, 'supply_point_identifier') &&
      list(charge, 'line_items').some((line) => given(line, 'rate_specification_code')),
  }),
  dateOrderRule({
    rule: 'LineItem: Validate end_date not before start_date',
    code: 'start_date_later_than_end_date',
    at: LINE_ITEMS,
    from: 'start_date',
    to: 'end_date',
  }),
  itemRule({
    rule: 'LineItem: Validate the line item net amount',
    code: 'incorrect_line_item_net_amount',
    at: LINE_ITEMS,
    field: 'net_amount',
    detail: 'The net amount is the price per unit times the number of units, to the penny.',
    breaks: (line) => {
      const price = units(text(line, 'price_per_unit'));
      const count = units(text(line, 'number_of_units'));
      const net = units(text(line, 'net_amount'));
      if (price === undefined || count === undefined || net === undefined) return false;
      return roundUnits(productOf(price, count), 2) !== roundUnits(net, 2);
    },
  }),
  itemRule({
    rule: 'LineItem: Ensure that the band or rate specification or time series specification for a line item is specified.',
    code: 'conflicting_rate_band_specification',
    at: LINE_ITEMS,
    field: 'rate_band',
    detail:
      'A line item gives exactly one of rate_band, rate_specification_code and time_series_specification_code.',
    breaks: (line) => RATE_FIELDS.filter((field) => given(line, field)).length !== 1,
  }),
  itemRule({
    rule: 'LineItem.units: Validate line item units',
    code: 'line_item_units_must_be_two_values',
    at: LINE_ITEMS,
    field: 'units',
    detail: 'units, when given, holds two values.',
    breaks: (line) => Array.isArray(line.units) && line.units.length !== 2,
  }),
];

import type { FromSchema } from 'json-schema-to-ts';
import { dryRun, externalAccountNumber, importSupplier } from './account-reference.js';

/**
 * Body of endpoint 3, `historical-statements/create/` (spec: Historical statement).
 * `bill_period_from_date` ≤ `bill_period_to_date` and `statement_path` under the
 * supplier root are checked in functions/rules/statements/.
 */

const MAX_TEXT = 10_000;
const MAX_ITEMS = 1000;

const date = {
  type: 'string',
  format: 'date',
  maxLength: 10,
  description: 'ISO 8601 date `YYYY-MM-DD`.',
} as const;

const dateTime = {
  type: 'string',
  format: 'date-time',
  maxLength: 64,
  description: 'ISO 8601 datetime, e.g. `2026-02-01T00:00:00Z`.',
} as const;

const money = (what: string) =>
  ({ type: 'number', description: `${what}: a decimal with at most 2 places.` }) as const;
const quantity = (what: string) =>
  ({ type: 'number', description: `${what}: a decimal with at most 6 places.` }) as const;

const netEmission = {
  type: 'object',
  additionalProperties: false,
  required: ['from_time', 'to_time', 'kg_co2_net_emissions'],
  properties: {
    from_time: { ...dateTime, description: 'Start of the interval (ISO 8601 datetime).' },
    to_time: { ...dateTime, description: 'End of the interval (ISO 8601 datetime); after `from_time`.' },
    kg_co2_net_emissions: quantity('Net emissions over the interval, in kg of CO2'),
  },
} as const;

const statement = {
  type: 'object',
  additionalProperties: false,
  required: [
    'statement_id',
    'bill_period_from_date',
    'bill_period_to_date',
    'issued_date',
    'number',
    'gross_amount',
  ],
  properties: {
    statement_id: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: 'Identifier of the statement in the external system; unique per account.',
    },
    bill_period_from_date: date,
    bill_period_to_date: { ...date, description: 'ISO 8601 date; not before `bill_period_from_date`.' },
    issued_date: date,
    number: { type: 'string', minLength: 1, maxLength: MAX_TEXT, description: 'Statement number.' },
    gross_amount: { type: 'number', description: 'Gross amount of the statement.' },
    statement_path: {
      type: 'string',
      minLength: 1,
      maxLength: 1024,
      description: 'Path of the PDF, relative to the supplier root location (must exist).',
    },
    average_daily_usage: quantity('Average daily usage over the bill period (kWh)'),
    total_consumption: quantity('Energy consumed over the bill period (kWh)'),
    total_consumption_cost: money('Cost of the energy consumed'),
    total_feed_in_cost: money('Amount for the energy fed in'),
    total_feed_in_energy: quantity('Energy fed in over the bill period (kWh)'),
    total_supply_cost: money('Total supply cost'),
    is_reversed: { type: 'boolean', description: 'Whether the statement was reversed.' },
    net_emissions: {
      type: 'array',
      maxItems: MAX_ITEMS,
      items: netEmission,
      description: 'Net CO2 emissions by interval.',
    },
  },
} as const;

export const schema = {
  $id: 'urn:data-import:api:historical-statements-create',
  title: 'Create historical statements for an imported account (historical-statements/create/)',
  type: 'object',
  additionalProperties: false,
  required: ['import_supplier', 'external_account_number', 'statements'],
  properties: {
    import_supplier: importSupplier,
    external_account_number: externalAccountNumber,
    statements: { type: 'array', minItems: 1, maxItems: MAX_ITEMS, items: statement },
    dry_run: dryRun,
  },
} as const;

export type Payload = FromSchema<typeof schema>;
export type StatementPayload = Payload['statements'][number];

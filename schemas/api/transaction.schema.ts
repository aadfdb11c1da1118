import type { FromSchema } from 'json-schema-to-ts';

/**
 * One item of `transactions` in endpoint 2 (spec: Transaction). Every field any type takes is
 * listed; which fields belong to which `type`, the enumerations (extended by configuration),
 * amounts (at most 2 decimals) and dates (not in the future, open statement period) are checked
 * in functions/rules/transactions/. A failure is reported as TRANSACTION_IMPORT_ERROR.
 */

const MAX_TEXT = 10_000;
const MAX_ITEMS = 1000;

const text = { type: 'string', maxLength: MAX_TEXT } as const;
const choice = { type: 'string', minLength: 1, maxLength: 255 } as const;
const date = {
  type: 'string',
  format: 'date',
  maxLength: 10,
  description: 'ISO 8601 date `YYYY-MM-DD`.',
} as const;
const number = { type: 'number' } as const;

const lineItem = {
  type: 'object',
  additionalProperties: false,
  required: ['rate_band', 'start_date', 'end_date', 'number_of_units', 'net_amount', 'price_per_unit'],
  properties: {
    rate_band: { ...choice, description: '`CONSUMPTION_STANDARD`, plus values added in configuration.' },
    start_date: date,
    end_date: date,
    number_of_units: number,
    net_amount: number,
    price_per_unit: number,
    units: { type: 'array', maxItems: MAX_ITEMS, items: number },
  },
} as const;

const taxItem = {
  type: 'object',
  additionalProperties: false,
  required: ['amount', 'tax_type', 'value_taxed', 'rate', 'unit_type'],
  properties: {
    amount: number,
    tax_type: { ...choice, description: '`VAT`, plus values added in configuration.' },
    value_taxed: number,
    rate: number,
    unit_type: { ...choice, description: '`PROPORTION`, plus values added in configuration.' },
  },
} as const;

export const schema = {
  $id: 'urn:data-import:api:transaction',
  title: 'One transaction of transactions/create/',
  type: 'object',
  additionalProperties: false,
  required: ['transaction_id', 'transaction_date', 'amount', 'type'],
  properties: {
    transaction_id: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: 'Identifier in the external system; unique per account.',
    },
    transaction_date: { ...date, description: 'Not after today; see the open statement period rule.' },
    amount: { type: 'number', description: 'Decimal with at most 2 places.' },
    type: { ...choice, description: '`CHARGE`, `CREDIT`, `PAYMENT`, `REPAYMENT` or `SUPPLY_CHARGE`.' },
    reason: { ...choice, description: 'CHARGE, CREDIT, PAYMENT, REPAYMENT.' },
    display_note: { ...text, description: 'Customer-facing note. CHARGE, CREDIT, SUPPLY_CHARGE.' },
    note: { ...text, description: 'Internal note. CHARGE, CREDIT, PAYMENT, REPAYMENT.' },
    reference: { ...text, description: 'PAYMENT, REPAYMENT.' },
    payment_type: { ...choice, description: 'PAYMENT, REPAYMENT.' },
    product_code: { ...text, description: 'SUPPLY_CHARGE.' },
    line_items: { type: 'array', maxItems: MAX_ITEMS, items: lineItem, description: 'SUPPLY_CHARGE.' },
    tax_items: { type: 'array', maxItems: MAX_ITEMS, items: taxItem, description: 'SUPPLY_CHARGE.' },
    billing_document_identifier: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: 'Identifier of the bill or document the transaction belongs to. Every type.',
    },
  },
} as const;

export type Payload = FromSchema<typeof schema>;

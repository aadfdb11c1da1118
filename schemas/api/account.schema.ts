import type { FromSchema } from 'json-schema-to-ts';
import { externalAccountNumber, importSupplier } from './account-reference.js';

/**
 * The account payload of `validate-account/` and `account-import-process/create-or-update/`
 *. Rules a JSON Schema cannot express (phone numbers, postcodes,
 * country codes, dates in the future, decimals) live in functions/rules/account/.
 * Limits: strings ≤ 10 000 characters, arrays ≤ 1000 items, no undocumented fields.
 */

const MAX_TEXT = 10_000;
const MAX_ITEMS = 1000;

const text = { type: 'string', maxLength: MAX_TEXT } as const;
const requiredText = { type: 'string', minLength: 1, maxLength: MAX_TEXT } as const;
const date = {
  type: 'string',
  format: 'date',
  maxLength: 10,
  description: 'ISO 8601 date `YYYY-MM-DD`.',
} as const;

const address = {
  address1: requiredText,
  address2: text,
  address3: text,
  address4: text,
  address5: text,
  postcode: {
    ...requiredText,
    maxLength: 32,
    description: 'Checked for the country where a rule is known (GB, GG, JE, IM, IE, US, FR, DE, ES, NL).',
  },
} as const;

const customer = {
  type: 'object',
  additionalProperties: false,
  required: ['given_name', 'family_name'],
  properties: {
    title: text,
    given_name: requiredText,
    family_name: requiredText,
    email: { type: 'string', format: 'email', maxLength: 254 },
    mobile: {
      type: 'string',
      maxLength: 64,
      description: 'Phone number; national numbers use the billing country as region. Normalised to E.164.',
    },
    landline: {
      type: 'string',
      maxLength: 64,
      description: 'Phone number; national numbers use the billing country as region. Normalised to E.164.',
    },
    date_of_birth: { ...date, description: 'ISO 8601 date; not after today.' },
  },
} as const;

const agreement = {
  type: 'object',
  additionalProperties: false,
  required: ['product_code', 'effective_from'],
  properties: {
    product_code: requiredText,
    effective_from: date,
  },
} as const;

const meterPoint = {
  type: 'object',
  additionalProperties: false,
  required: ['supply_type', 'identifier'],
  properties: {
    supply_type: { type: 'string', enum: ['ELECTRICITY', 'GAS'] },
    identifier: { ...requiredText, maxLength: 64, description: 'MPAN (electricity) or MPRN (gas).' },
    agreements: { type: 'array', maxItems: MAX_ITEMS, items: agreement },
  },
} as const;

const supplyAddress = {
  type: 'object',
  additionalProperties: false,
  required: ['address1', 'postcode', 'customer_at_supply_address_from_date', 'meter_points'],
  properties: {
    ...address,
    postcode: {
      ...address.postcode,
      description: 'Checked with the GB rule (supply addresses are GB premises).',
    },
    customer_at_supply_address_from_date: date,
    meter_points: { type: 'array', minItems: 1, maxItems: MAX_ITEMS, items: meterPoint },
  },
} as const;

export const schema = {
  $id: 'urn:data-import:api:account',
  title: 'Account payload (validate-account/, account-import-process/create-or-update/)',
  type: 'object',
  additionalProperties: false,
  required: ['import_supplier', 'external_account_number', 'account_type', 'customers', 'billing_address'],
  properties: {
    import_supplier: importSupplier,
    external_account_number: {
      ...externalAccountNumber,
      pattern: '^(?!\\.\\.?$)[^/\\\\?#%\\u0000-\\u001f\\u007f]+$',
      description:
        'Account identifier in the external system; no `/ \\ ? # %` or control characters, and not `.` or `..` (it appears in URLs, where those two are dot segments no client can send).',
    },
    account_type: { type: 'string', enum: ['DOMESTIC', 'BUSINESS'] },
    customers: { type: 'array', minItems: 1, maxItems: MAX_ITEMS, items: customer },
    billing_address: {
      type: 'object',
      additionalProperties: false,
      required: ['address1', 'postcode'],
      properties: {
        ...address,
        country: {
          type: 'string',
          minLength: 2,
          maxLength: 2,
          description: 'ISO 3166-1 alpha-2 (any case; normalised to upper case); default `GB`.',
        },
      },
    },
    supply_addresses: { type: 'array', maxItems: MAX_ITEMS, items: supplyAddress },
    last_billed_to_date: {
      ...date,
      description: 'ISO 8601 date, not after today; the first statement period starts the day after.',
    },
    transfer_balance: {
      // No `type` here: a string or a number is accepted and checked by the domain rules
      // (functions/rules/values/decimal.ts): invalid_type, invalid_decimal, too_many_decimal_places.
      description:
        'Decimal with at most 2 places, as a JSON string or number; normalised to a string with 2 places.',
    },
    references: {
      type: 'array',
      maxItems: MAX_ITEMS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['namespace', 'value'],
        properties: { namespace: requiredText, value: requiredText },
      },
    },
    metadata: {
      type: 'array',
      maxItems: MAX_ITEMS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'value'],
        properties: { key: requiredText, value: text },
      },
    },
  },
} as const;

export type Payload = FromSchema<typeof schema>;

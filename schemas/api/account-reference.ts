/**
 * The account reference every POST payload carries (spec: "Account reference"), defined once
 * for every request schema. Staging (`account.schema.ts`) narrows `external_account_number`
 * further, because a staged number becomes part of the status URL.
 */
export const importSupplier = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  description: 'Import supplier code.',
} as const;

export const externalAccountNumber = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  description: 'Account identifier in the external system.',
} as const;

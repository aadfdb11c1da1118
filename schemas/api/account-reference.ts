/**
 * The account reference every POST payload carries (spec: "Account reference"), defined once
 * for every request schema. The whole account (schemas/account/components/energy-account.json)
 * narrows `external_account_number` further, because a staged number becomes part of the status URL.
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

/** `dry_run` of the post-import POSTs: every check runs, nothing is kept or emitted. */
export const dryRun = {
  type: 'boolean',
  description:
    'Run every check (documents, vendor, existing records) and answer 200 `{dry_run: true, result}` with the body a real call would answer; nothing is kept or emitted (default false).',
} as const;

import type { FromSchema } from 'json-schema-to-ts';
import { dryRun, externalAccountNumber, importSupplier } from './account-reference.js';

/**
 * Body of endpoint 2, `transactions/create/`: the request as a whole. Failures
 * here use the standard validation body. Each transaction is checked on its own against
 * `transaction.schema.ts` and the rules in functions/rules/transactions/, and a failing
 * transaction gets the spec's TRANSACTION_IMPORT_ERROR body instead.
 */
export const schema = {
  $id: 'urn:data-import:api:transactions-create',
  title: 'Create transactions for an imported account (transactions/create/)',
  type: 'object',
  additionalProperties: false,
  required: ['import_supplier', 'external_account_number', 'transactions'],
  properties: {
    import_supplier: importSupplier,
    external_account_number: externalAccountNumber,
    transactions: {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      description: 'The transactions (see `transaction`); each is validated on its own.',
      items: {},
    },
    dry_run: dryRun,
  },
} as const;

export type Payload = FromSchema<typeof schema>;

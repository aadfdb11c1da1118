import type { FromSchema } from 'json-schema-to-ts';
import { externalAccountNumber, importSupplier } from './account-reference.js';

/** Body of `account-import-process/process/`. */
export const schema = {
  $id: 'urn:data-import:api:process-account',
  title: 'Process an account import (account-import-process/process/)',
  type: 'object',
  additionalProperties: false,
  required: ['import_supplier', 'external_account_number'],
  properties: {
    import_supplier: importSupplier,
    external_account_number: externalAccountNumber,
    dry_run: {
      type: 'boolean',
      description: 'Run every check, keep nothing (default false).',
    },
    operations_team_name: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: 'Name of the operations team that looks after the account; kept on the account.',
    },
  },
} as const;

export type Payload = FromSchema<typeof schema>;

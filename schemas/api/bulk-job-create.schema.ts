import type { FromSchema } from 'json-schema-to-ts';
import { importSupplier } from './account-reference.js';

/** Body of `POST /v2/data-import/bulk-jobs/`. */
export const schema = {
  $id: 'urn:data-import:api:bulk-job-create',
  title: 'Create a bulk import job (bulk-jobs/)',
  type: 'object',
  additionalProperties: false,
  required: ['import_supplier'],
  properties: {
    import_supplier: importSupplier,
    dry_run: {
      type: 'boolean',
      description:
        'Validate each line’s account as `npm run etl -- load --dry-run` does, keeping nothing (default false).',
    },
  },
} as const;

export type Payload = FromSchema<typeof schema>;

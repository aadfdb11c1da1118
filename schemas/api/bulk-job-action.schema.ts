import type { FromSchema } from 'json-schema-to-ts';

/** Body of `bulk-jobs/<job-id>/start/` and `bulk-jobs/<job-id>/abort/`: none, or an empty object. */
export const schema = {
  $id: 'urn:data-import:api:bulk-job-action',
  title: 'Start or abort a bulk import job (bulk-jobs/{job_id}/start/, …/abort/)',
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;

export type Payload = FromSchema<typeof schema>;

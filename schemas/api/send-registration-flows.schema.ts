import type { FromSchema } from 'json-schema-to-ts';

/** Body of `send-registration-flows/<supplier>/<account>/`: empty, `{}`, or a dry run. */
export const schema = {
  $id: 'urn:data-import:api:send-registration-flows',
  title: 'Send registration flows (send-registration-flows/)',
  type: 'object',
  additionalProperties: false,
  properties: {
    dry_run: {
      type: 'boolean',
      description:
        'Run every check, change and emit nothing (default false). An empty body is the same as an empty object.',
    },
  },
} as const;

export type Payload = FromSchema<typeof schema>;

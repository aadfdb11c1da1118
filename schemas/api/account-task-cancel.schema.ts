import type { FromSchema } from 'json-schema-to-ts';

/** Body of `POST /v2/data-import/accounts/<supplier>/<account>/cancel/`: none, or `{}`. */
export const schema = {
  $id: 'urn:data-import:api:account-task-cancel',
  title: 'Cancel an account import task (v2 accounts/…/cancel/)',
  description:
    'No fields: send no body, an empty body or `{}`. Anything else is a 400 (`parse_error` for malformed JSON, `invalid_request` with `invalid_type` or `unknown_field`) and cancels nothing.',
  type: 'object',
  additionalProperties: false,
  properties: {},
} as const;

export type Payload = FromSchema<typeof schema>;

import type { FromSchema } from 'json-schema-to-ts';
import { schema as accountSchema } from './account.schema.js';

const { $id: _accountId, title: _accountTitle, ...account } = accountSchema;

/** The account payload as a v2 request carries it, under `payload`. */
export const accountUnderPayload = account;

/** Body of `POST /v2/data-import/accounts/validate/`: the account payload under `payload`. */
export const schema = {
  $id: 'urn:data-import:api:account-task-validate',
  title: 'Validate an account payload (v2 accounts/validate/)',
  type: 'object',
  additionalProperties: false,
  required: ['payload'],
  properties: {
    payload: accountUnderPayload,
  },
} as const;

export type Payload = FromSchema<typeof schema>;

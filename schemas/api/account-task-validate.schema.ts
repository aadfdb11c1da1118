import type { FromSchema } from 'json-schema-to-ts';

/**
 * The account payload as a v2 request carries it, under `payload`: one `EnergyAccount`, judged
 * by the whole-account validator (functions/account-validation/), whose errors come at
 * `payload.…` in the same answer as this request's own.
 */
export const accountUnderPayload = {
  type: 'object',
  description:
    'One whole account (`EnergyAccount`, as validate-account/ takes it; see account-rules.md and the OpenAPI document).',
} as const;

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

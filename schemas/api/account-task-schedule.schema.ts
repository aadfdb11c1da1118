import type { FromSchema } from 'json-schema-to-ts';
import { accountUnderPayload } from './account-task-validate.schema.js';

const datetime = {
  type: 'string',
  format: 'date-time',
  maxLength: 64,
  description: 'ISO 8601 datetime with a time zone, e.g. `2026-11-24T06:00:00Z`.',
} as const;

/** Body of `POST /v2/data-import/accounts/`: schedule an account import task. */
export const schema = {
  $id: 'urn:data-import:api:account-task-schedule',
  title: 'Schedule an account import (v2 accounts/)',
  type: 'object',
  additionalProperties: false,
  required: ['payload', 'task_params'],
  properties: {
    payload: accountUnderPayload,
    task_params: {
      type: 'object',
      additionalProperties: false,
      description: 'Required, may be `{}`.',
      properties: {
        is_dry_run: { type: 'boolean', description: 'Run every check, keep nothing (default false).' },
        schedule_window_start: {
          ...datetime,
          description: 'Earliest start (default now; at most 60 s in the past).',
        },
        schedule_window_end: {
          ...datetime,
          description: 'Latest start (default start + 24 h, capped at now + 4 days; at most now + 4 days).',
        },
      },
    },
  },
} as const;

export type Payload = FromSchema<typeof schema>;

import { parseDate, parseDateTime } from '../rules/values/date-time-parser.js';

/**
 * The string formats the request schemas use, for the compiled request validators
 * (`npm run generate` points ajv's `code.formats` here). A value passes exactly when the one
 * date parser (functions/rules/values/date-time-parser.ts) reads it, so whatever a schema accepts
 * the rules can read: RFC 3339, without leap seconds and with every offset `Z` or `±hh:mm`. A
 * bundle carries only these two checks, not ajv-formats' (it builds every format it knows when it
 * loads: docs/contributing/cold-starts.md). `email` is a regular expression ajv writes into the
 * validator itself.
 */

export const date = { validate: (value: string) => parseDate(value) !== undefined };
const dateTime = { validate: (value: string) => parseDateTime(value) !== undefined };

export { dateTime as 'date-time' };

/**
 * The variables `npm start` prints as `NAME=value` lines before `ready`, in this order (after
 * them it prints `PID`). Scripts, the operator CLI and the AWS CLI read them; the doc-runner
 * test prints the same lines for the docs' `npm start` (test/docs/support/doc-shell.ts).
 */
export const PRINTED_VARIABLES = [
  'DATA_IMPORT_URL',
  'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_ENDPOINT_URL_S3',
  'AWS_ENDPOINT_URL_SQS',
  'AWS_REGION',
  // The AWS CLI v1 reads only this one; v2 and the SDKs read AWS_REGION.
  'AWS_DEFAULT_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'DATA_IMPORT_TABLE_NAME',
  'DATA_IMPORT_BUCKET_NAME',
  'DATA_IMPORT_EVENTS_FILE',
  'AWS_ENDPOINT_URL_EVENTS',
  'DATA_IMPORT_EVENT_BUS_NAME',
] as const;

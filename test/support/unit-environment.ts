/**
 * vitest setupFiles for the `unit` project: the configuration every function module reads at
 * module scope (table, bucket, bus, region, credentials), with values that name no real
 * resource. Unit tests never reach them: a socket would fail the test (./no-network.ts).
 */
const unitEnvironment: Record<string, string> = {
  AWS_REGION: 'eu-west-2',
  AWS_ACCESS_KEY_ID: 'unit-test',
  AWS_SECRET_ACCESS_KEY: 'unit-test',
  DATA_IMPORT_TABLE_NAME: 'unit-test-table',
  DATA_IMPORT_BUCKET_NAME: 'unit-test-bucket',
  DATA_IMPORT_EVENT_BUS_NAME: 'unit-test-bus',
};
for (const [name, value] of Object.entries(unitEnvironment)) process.env[name] ??= value;

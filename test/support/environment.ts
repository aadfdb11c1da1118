/**
 * vitest setupFiles: runs in every test worker before its test files. The global setup
 * (./global-setup.ts) already put the local runtime's variables into the environment the
 * workers inherit; this only checks they are there, so a misconfigured run fails clearly.
 */
if (!process.env.DATA_IMPORT_URL) {
  throw new Error('DATA_IMPORT_URL is not set: test/support/global-setup.ts did not start the local runtime');
}

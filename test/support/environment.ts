import { afterAll } from 'vitest';
import { recordAwsCalls } from './aws-calls/recorder.js';

/**
 * vitest setupFiles: runs in every test worker before its test files. The global setup
 * (./global-setup.ts) already put the local runtime's variables into the environment the
 * workers inherit; this only checks they are there, so a misconfigured run fails clearly.
 * Handlers a test calls in this process are recorded as the runtime's are (./aws-calls/recorder.ts),
 * with the test files the worker ran.
 */
if (!process.env.DATA_IMPORT_URL) {
  throw new Error('DATA_IMPORT_URL is not set: test/support/global-setup.ts did not start the local runtime');
}

const recorder = recordAwsCalls('worker');
// vitest 5 passes an afterAll hook its fixtures first (an object pattern it parses), then the
// suite: here, the test file.
// biome-ignore lint/correctness/noEmptyPattern: vitest requires the fixtures argument to be a pattern
afterAll(({}, suite) => recorder.flush('filepath' in suite ? suite.filepath : suite.file.filepath));

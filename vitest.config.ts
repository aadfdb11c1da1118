import { defineConfig } from 'vitest/config';
import { functionInvocations } from './test/support/function-invocations-plugin.js';

/**
 * Two projects, chosen by file name:
 * - `unit` (`*.unit.test.ts`): no network, no Java, no local runtime. Pure rules, schemas and
 *   the catalogue, handlers with mocked clients. A setup file makes any socket or `java` they
 *   start fail the test, so a file in the wrong project says so. CDK synthesis (seconds per
 *   file) runs with the integration project.
 * - `integration` (every other `*.test.ts`): runs against ONE local runtime (DynamoDB Local,
 *   the local S3 and EventBridge endpoints, the API server) that the global setup starts and
 *   whose environment every worker inherits. Every AWS call a function makes there is recorded.
 * - `recorded` (`*.recorded.test.ts`): runs after the other two (a later group) and checks what
 *   the integration tests recorded: the least-privilege test.
 */
const UNIT_TESTS = 'test/**/*.unit.test.ts';
const RECORDED_TESTS = 'test/**/*.recorded.test.ts';

export default defineConfig({
  test: {
    // A passing run prints no log line: a test's console output (the functions' JSON logs
    // included, see test/support/quiet-logs.ts) is shown only when that test fails.
    silent: 'passed-only',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // At most two test files at a time (the machine has two cores), in every project.
    maxWorkers: 2,
    coverage: {
      provider: 'v8',
      include: ['functions/**/*.ts', 'infra/**/*.ts', 'schemas/**/*.ts'],
      exclude: ['**/generated/**'],
      reporter: ['text-summary', 'html'],
      reportsDirectory: '.local/coverage',
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [UNIT_TESTS],
          // The unit loop is mostly module loading, not test time. Worker threads start faster
          // than forked processes, and the files of a worker share its modules (no isolation):
          // the AWS SDK, the validators and the rules load once per worker, not once per file.
          // A file that changes what other files would see (environment variables, a mocked
          // client, a module loaded with other configuration) puts it back in `afterAll`
          // (docs/contributing/testing.md#kinds-of-test).
          pool: 'threads',
          isolate: false,
          setupFiles: [
            'test/support/quiet-logs.ts',
            'test/support/no-network.ts',
            'test/support/unit-environment.ts',
          ],
        },
      },
      {
        extends: true,
        // Handlers a test imports run as invocations of their function, for the AWS call recorder.
        plugins: [functionInvocations(import.meta.dirname)],
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: [UNIT_TESTS, RECORDED_TESTS],
          // Each file in a fresh worker: integration files load the handlers against the runtime with
          // their own mocked clients and configuration. Said explicitly, so vitest does not end every
          // run with a hint to turn isolation off.
          isolate: true,
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/quiet-logs.ts', 'test/support/environment.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'recorded',
          include: [RECORDED_TESTS],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

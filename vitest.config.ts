import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Starts DynamoDB Local, the local S3 and EventBridge endpoints once for all integration tests.
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/environment.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataImportClient } from '../../client/data-import-client.js';
import { type ApiServer, startApiServer } from '../../infra/local/api-server.js';
import { loadHandler } from '../../infra/local/handlers.js';
import { goodAccount, readNdjson, runEtl, tempDir, writeLines } from './support/etl.js';

/**
 * Second local API servers in this test process, in front of the same DynamoDB Local, S3 and
 * events as the shared runtime, with the real handlers and authorizer but a low per-organisation
 * limit. Every answer they give is logged, so the test can see that the limiter really refused
 * requests before the client recovered from them.
 */
describe('Rule: under a burst the local limiter answers 429 with Retry-After, and the client waits and recovers', () => {
  let server: ApiServer;
  /**
   * A burst below the ETL run's concurrency: its first requests, sent together, are refused however
   * slow the machine. Its rate is the run's concurrency, so that no line's requests lose the race
   * for a token at every one of the client's attempts (a rate of half the concurrency let a line
   * exhaust them now and then).
   */
  let narrowServer: ApiServer;
  const answers: string[] = [];
  const throttled = () => answers.filter((line) => / → 429 /.test(line));
  const throttledServer = (rateLimit: { ratePerSecond: number; burst: number }) =>
    startApiServer({ port: 0, loadHandler, rateLimit, logRequests: true, log: (line) => answers.push(line) });

  beforeAll(async () => {
    server = await throttledServer({ ratePerSecond: 5, burst: 5 });
    narrowServer = await throttledServer({ ratePerSecond: 4, burst: 2 });
  });
  afterAll(async () => {
    await server.stop();
    await narrowServer.stop();
  });

  it('a burst of 20 requests from one organisation is throttled, and every request still gets its real answer', async () => {
    // Prepare
    const retries: { status: number | 'network_error'; delayMs: number }[] = [];
    const client = createDataImportClient({
      baseUrl: server.url,
      apiKey: 'local-dev-key-acme',
      onRetry: ({ status, delayMs }) => retries.push({ status, delayMs }),
    });
    const before = throttled().length;

    // Act
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const { status } = await client.getJson(
          `/v1/data-import/account-transfer-status/ACME/RATE-LIMIT-UNKNOWN-${index}/`,
        );
        return status;
      }),
    );

    // Assess
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 404));
    expect(throttled().length - before).toBeGreaterThan(0);
    expect(retries.length).toBeGreaterThan(0);
    for (const retry of retries) {
      expect(retry.status).toBe(429);
      expect(retry.delayMs).toBeGreaterThanOrEqual(1000);
    }
  });

  it('etl load through the throttled API imports every line: the 429s are retried, none reaches the results', async () => {
    // Prepare
    const dir = tempDir('etl-rate-limit');
    const bundles = Array.from({ length: 4 }, () => goodAccount('ETL-THROTTLED'));
    const file = writeLines(dir, bundles);
    const state = path.join(dir, 'state');
    const before = throttled().length;

    // Act
    const run = await runEtl(
      ['load', file, '--supplier', 'ACME', '--state', state, '--concurrency', '4'],
      'local-dev-key-acme',
      narrowServer.url,
    );

    // Assess
    expect(run.code, run.stderr).toBe(0);
    expect(throttled().length - before).toBeGreaterThan(0);
    const results = readNdjson(path.join(state, 'results.ndjson'));
    expect(results.map((result) => result.status)).toEqual(['IMPORTED', 'IMPORTED', 'IMPORTED', 'IMPORTED']);
  });
});

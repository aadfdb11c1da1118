import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startLocalRuntime } from '../../infra/local/runtime.js';
import { recordAwsCalls } from './aws-calls/recorder.js';
import { clearRecordings } from './aws-calls/recording.js';

/**
 * vitest globalSetup: starts ONE local runtime (DynamoDB Local, local S3, local EventBridge,
 * fake payment vendor, stream poller, API server) on free ports for the whole test run and
 * copies its environment into process.env, so every test worker inherits DATA_IMPORT_URL,
 * the AWS endpoints, the table and bucket names and the events file. Every AWS call the runtime's
 * functions make is recorded for the least-privilege test (./aws-calls/recorder.ts).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const eventsFile = resolve(`.local/test-events-${process.pid}.jsonl`);
  rmSync(eventsFile, { force: true });
  // Test subscribers (test/subscribers/fixtures/subscribers.json) write to a directory of this run.
  const subscribersDir = resolve(`.local/test-subscribers-${process.pid}`);
  process.env.DATA_IMPORT_SUBSCRIBERS_DIR = subscribersDir;
  clearRecordings();
  const recorder = recordAwsCalls('runtime');
  const lines: string[] = [];
  const runtime = await startLocalRuntime({
    port: 0,
    eventsFile,
    subscribersFile: resolve('test/subscribers/fixtures/subscribers.json'),
    log: (line) => {
      lines.push(line);
      if (lines.length > 200) lines.shift();
      if (process.env.DATA_IMPORT_TEST_LOG) process.stderr.write(`[local runtime] ${line}\n`);
    },
  }).catch((error: unknown) => {
    process.stderr.write(`[local runtime] failed to start:\n${lines.join('\n')}\n`);
    throw error;
  });
  Object.assign(process.env, runtime.env);
  return async () => {
    await runtime.stop();
    recorder.flush();
    rmSync(eventsFile, { force: true });
    rmSync(subscribersDir, { recursive: true, force: true });
  };
}

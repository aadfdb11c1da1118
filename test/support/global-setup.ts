import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { clearRecordings } from './aws-calls/recording.js';

/**
 * vitest globalSetup: starts ONE local runtime (DynamoDB Local, local S3, local EventBridge,
 * fake payment vendor, stream poller, API server) on free ports for the whole test run, in a
 * process of its own (./runtime-process.ts), and copies its environment into process.env, so
 * every test worker inherits DATA_IMPORT_URL, the AWS endpoints, the table and bucket names and
 * the events file.
 *
 * The runtime's output (its log lines and its functions' JSON logs) goes to
 * `.local/test-runtime.log`, kept after the run; DATA_IMPORT_TEST_LOG=1 shows it live instead.
 */
const RUNTIME_LOG = resolve('.local/test-runtime.log');

function runtimeReady(child: ChildProcess): Promise<Record<string, string>> {
  return new Promise((ready, failed) => {
    child.once('message', (message: { env?: Record<string, string>; error?: string }) =>
      message.env ? ready(message.env) : failed(new Error(message.error)),
    );
    child.once('exit', (code) => failed(new Error(`the local runtime exited (${code}) before it was up`)));
  });
}

export default async function setup(): Promise<() => Promise<void>> {
  const eventsFile = resolve(`.local/test-events-${process.pid}.jsonl`);
  rmSync(eventsFile, { force: true });
  // Test subscribers (test/subscribers/fixtures/subscribers.json) write to a directory of this run.
  const subscribersDir = resolve(`.local/test-subscribers-${process.pid}`);
  process.env.DATA_IMPORT_SUBSCRIBERS_DIR = subscribersDir;
  // A bulk job whose supplier is paused looks again every second here, not every minute.
  process.env.DATA_IMPORT_BULK_SUPPLIER_RECHECK_SECONDS ??= '1';
  // The runtime's process records every AWS call its functions make, for the least-privilege test.
  clearRecordings();
  const live = Boolean(process.env.DATA_IMPORT_TEST_LOG);
  // A fresh clone has no .local/ yet.
  mkdirSync(dirname(RUNTIME_LOG), { recursive: true });
  const log = live ? 'inherit' : openSync(RUNTIME_LOG, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', resolve('test/support/runtime-process.ts')], {
    env: {
      ...process.env,
      DATA_IMPORT_TEST_RUNTIME_OPTIONS: JSON.stringify({
        eventsFile,
        subscribersFile: resolve('test/subscribers/fixtures/subscribers.json'),
      }),
    },
    stdio: ['ignore', log, log, 'ipc'],
  });
  if (typeof log === 'number') closeSync(log);
  const env = await runtimeReady(child).catch((error: unknown) => {
    if (!live)
      process.stderr.write(`[local runtime] failed to start:\n${readFileSync(RUNTIME_LOG, 'utf8')}\n`);
    child.kill('SIGKILL');
    throw error;
  });
  Object.assign(process.env, env);
  // The documents the test accounts name, under every seeded supplier, before any test creates one.
  // (Imported now: its S3 client reads the endpoint the runtime just printed.)
  await (await import('./realistic-accounts/documents.js')).putAccountDocuments();
  return async () => {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
    rmSync(eventsFile, { force: true });
    rmSync(subscribersDir, { recursive: true, force: true });
  };
}

import { startLocalRuntime } from '../../infra/local/runtime.js';
import { recordAwsCalls } from './aws-calls/recorder.js';

/**
 * The local runtime of a test run, in a process of its own (started by ./global-setup.ts with
 * an IPC channel). Out of vitest's main process, its handlers' log lines go to this process's
 * output (a log file) instead of the test report, and its work never delays the main process's
 * answers to the test workers. Sends `{ env }` once it is up, `{ error }` if it cannot start;
 * stops everything when the channel closes (the main process ended, even by SIGKILL) or on
 * SIGTERM.
 */
const options = JSON.parse(process.env.DATA_IMPORT_TEST_RUNTIME_OPTIONS ?? '{}') as {
  eventsFile: string;
  subscribersFile: string;
};
const log = (line: string) => process.stderr.write(`${line}\n`);

const recorder = recordAwsCalls('runtime');

try {
  const runtime = await startLocalRuntime({ port: 0, ...options, log });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await runtime.stop();
    recorder.flush();
    process.exit(0);
  };
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.send?.({ env: runtime.env });
} catch (error) {
  log(`failed to start: ${(error as Error)?.stack ?? String(error)}`);
  process.send?.({ error: String((error as Error)?.message ?? error) });
  process.exit(1);
}

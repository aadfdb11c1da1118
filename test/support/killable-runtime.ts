import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll } from 'vitest';

/**
 * `npm start -- --data-dir DIR` as a child process in its own process group, so a test can kill
 * the whole runtime (DynamoDB Local's JVM included) with SIGKILL and start it again on the
 * same data, as an operator's machine or CI might.
 */
export interface Running {
  child: ChildProcess;
  url: string;
  dynamoEndpoint: string;
  tableName: string;
  /** Its file store: where the documents its accounts name go. */
  documents: { endpoint: string; bucket: string };
}

/** Starts `npm start` on the data dir in its own process group; resolves at `ready`. */
export function startRuntime(dataDir: string, eventsFile: string): Promise<Running> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'infra/local/start.ts', '--data-dir', dataDir, '--port', '0', '--quiet'],
    {
      env: { ...process.env, DATA_IMPORT_EVENTS_FILE: eventsFile, PORT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = `${stderr}${chunk.toString()}`.slice(-20_000);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const lines = stdout.split('\n');
      if (!lines.includes('ready')) return;
      const value = (name: string) =>
        lines.find((line) => line.startsWith(`${name}=`))?.slice(name.length + 1) ?? '';
      resolve({
        child,
        url: value('DATA_IMPORT_URL'),
        dynamoEndpoint: value('AWS_ENDPOINT_URL_DYNAMODB'),
        tableName: value('DATA_IMPORT_TABLE_NAME'),
        documents: { endpoint: value('AWS_ENDPOINT_URL_S3'), bucket: value('DATA_IMPORT_BUCKET_NAME') },
      });
    });
    child.once('exit', (code) => reject(new Error(`start.ts exited (${code}) before ready:\n${stderr}`)));
  });
}

export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Kills the runtime's whole process group and waits until none of it is left. */
export async function killGroup(running: Running, signal: NodeJS.Signals): Promise<void> {
  const pid = running.child.pid as number;
  if (groupAlive(pid)) process.kill(-pid, signal);
  while (groupAlive(pid)) await sleep(50);
}

/**
 * A runtime of the test's own on a data dir and events file in a fresh temporary folder named
 * `prefix…`: `start()` starts it (again on the same data after a kill), `kill(signal)` kills its
 * process group. After the file's tests, what still runs is killed and the folder removed.
 */
export function runtimeOnOwnData(prefix: string) {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  const dataDir = join(directory, 'data');
  const eventsFile = join(directory, 'events.jsonl');
  let running: Running | undefined;
  afterAll(async () => {
    if (running) await killGroup(running, 'SIGKILL');
    rmSync(directory, { recursive: true, force: true });
  });
  return {
    eventsFile,
    async start(): Promise<Running> {
      running = await startRuntime(dataDir, eventsFile);
      return running;
    },
    async kill(signal: NodeJS.Signals): Promise<void> {
      if (running) await killGroup(running, signal);
      running = undefined;
    },
  };
}

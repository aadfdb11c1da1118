import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const PRINTED = [
  'DATA_IMPORT_URL',
  'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_ENDPOINT_URL_S3',
  'AWS_ENDPOINT_URL_SQS',
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'DATA_IMPORT_TABLE_NAME',
  'DATA_IMPORT_BUCKET_NAME',
  'DATA_IMPORT_EVENTS_FILE',
];

function portIsOpen(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Collects stdout until the `ready` line (or the process ends). */
function untilReady(child: ChildProcess): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const lines = stdout.split('\n');
      if (lines.includes('ready')) resolve(lines);
    });
    child.once('exit', (code) => reject(new Error(`start.ts exited (${code}) before ready:\n${stderr}`)));
  });
}

describe('npm start prints the NAME=value lines and ready, and SIGTERM stops everything', () => {
  const directory = mkdtempSync(join(tmpdir(), 'local-start-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    // Never leave the child running when an assertion failed half-way.
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    rmSync(directory, { recursive: true, force: true });
  });

  it('prints every variable alone on its line, serves the API, and exits 0 leaving no port open', async () => {
    // Prepare
    const eventsFile = join(directory, 'events.jsonl');
    child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--port', '0', '--quiet'], {
      env: { ...process.env, DATA_IMPORT_EVENTS_FILE: eventsFile, PORT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = child;
    const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));

    // Act
    const lines = await untilReady(started);

    // Assess: the lines
    const values = Object.fromEntries(
      lines.filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line)).map((line) => line.split(/=(.*)/s).slice(0, 2)),
    );
    expect(Object.keys(values), lines.join('\n')).toEqual(PRINTED);
    expect(lines.at(-2)).toBe('ready');
    expect(values.DATA_IMPORT_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(values.AWS_REGION).toBe('eu-west-2');
    expect(values.DATA_IMPORT_EVENTS_FILE).toBe(eventsFile);
    const notFound = await fetch(`${values.DATA_IMPORT_URL}/nowhere`);
    expect(notFound.status).toBe(404);
    expect(await portIsOpen(values.AWS_ENDPOINT_URL_DYNAMODB as string)).toBe(true);

    // Act: stop it
    started.kill('SIGTERM');

    // Assess: clean exit, nothing left listening
    expect(await exited).toBe(0);
    for (const name of [
      'DATA_IMPORT_URL',
      'AWS_ENDPOINT_URL_DYNAMODB',
      'AWS_ENDPOINT_URL_S3',
      'AWS_ENDPOINT_URL_SQS',
    ]) {
      expect(await portIsOpen(values[name] as string), name).toBe(false);
    }
  }, 60_000);
});

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, describe, expect, it } from 'vitest';
import { PRINTED_VARIABLES } from '../../infra/local/printed-variables.js';
import { childrenOf, exitOf } from '../support/processes.js';

const PRINTED = [...PRINTED_VARIABLES, 'PID'];
const SERVICE_PORTS = [
  'DATA_IMPORT_URL',
  'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_ENDPOINT_URL_S3',
  'AWS_ENDPOINT_URL_SQS',
  'AWS_ENDPOINT_URL_EVENTS',
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

/** Process ids of the JVMs running DynamoDB Local on this port (read from /proc). */
function dynamoDbLocalJvms(endpoint: string): number[] {
  const port = new URL(endpoint).port;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return (
          args[0]?.endsWith('java') === true &&
          args.some((arg) => arg.endsWith('DynamoDBLocal.jar')) &&
          args[args.indexOf('-port') + 1] === port
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Collects stdout until the `ready` line (or the process ends), as `NAME=value` pairs and lines. */
function untilReady(child: ChildProcess): Promise<{ lines: string[]; values: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const lines = stdout.split('\n');
      if (!lines.includes('ready')) return;
      const values = Object.fromEntries(
        lines
          .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
          .map((line) => line.split(/=(.*)/s).slice(0, 2)),
      );
      resolve({ lines, values });
    });
    child.once('exit', (code) => reject(new Error(`start exited (${code}) before ready:\n${stderr}`)));
  });
}

const directory = mkdtempSync(join(tmpdir(), 'local-start-'));
const started: ChildProcess[] = [];

/** Starts the runtime in a process group of its own (so a failed test can still clean up). */
function start(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, {
    env: {
      ...process.env,
      DATA_IMPORT_EVENTS_FILE: join(directory, `events-${started.length}.jsonl`),
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(child);
  return child;
}

afterAll(() => {
  // Never leave a runtime behind when an assertion failed half-way.
  for (const child of started) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(directory, { recursive: true, force: true });
});

describe('npm start prints the NAME=value lines, among them PID, then ready', () => {
  it('prints every variable alone on its line, PID being its own process, serves the API and says what became of an inbound event', async () => {
    // Prepare
    const child = start(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--quiet']);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    // Act
    const { lines, values } = await untilReady(child);

    // Assess
    expect(Object.keys(values), lines.join('\n')).toEqual(PRINTED);
    expect(lines.at(-2)).toBe('ready');
    expect(values.PID).toBe(String(child.pid));
    expect(values.DATA_IMPORT_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(values.AWS_REGION).toBe('eu-west-2');
    expect(values.AWS_DEFAULT_REGION).toBe('eu-west-2');
    expect(values.DATA_IMPORT_EVENTS_FILE).toBe(join(directory, 'events-0.jsonl'));
    const notFound = await fetch(`${values.DATA_IMPORT_URL}/nowhere`);
    expect(notFound.status).toBe(404);

    // Act: an inbound event the service cannot apply, put on its bus as the platform would
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const bus = new EventBridgeClient({ endpoint: values.AWS_ENDPOINT_URL_EVENTS, region: 'eu-west-2' });
    await bus.send(
      new PutEventsCommand({
        Entries: [
          {
            Source: 'platform.lifecycle',
            DetailType: 'lifecycle.join-supplier.completed@v1',
            EventBusName: values.DATA_IMPORT_EVENT_BUS_NAME,
            Detail: JSON.stringify({
              event_type: 'lifecycle.join-supplier.completed',
              version: 'v1',
              event_id: 'e-start-test',
              occurred_at: '2026-06-15T12:00:00Z',
              payload: {
                account_number: 'A-00000000',
                join_supplier_process_number: 'JSP-0A1B2C3D',
                subtype: 'MIGRATION',
                supply_points: [{ external_identifier: '1234567890126', market_name: 'GB_ELECTRICITY' }],
              },
            }),
          },
        ],
      }),
    );
    bus.destroy();
    while (!stderr.includes('inbound event e-start-test')) await pause(100);

    // Assess: its terminal says what became of it, and why
    expect(stderr).toContain(
      'inbound event e-start-test (lifecycle.join-supplier.completed@v1 from platform.lifecycle) dropped: ' +
        'no meter point of it (1234567890126) belongs to account A-00000000',
    );

    // Act: stop it
    child.kill('SIGTERM');

    // Assess
    expect(await exited).toBe(0);
  }, 120_000);
});

describe('SIGTERM to the npm start process, or to the PID it prints, stops everything it started', () => {
  it.each([
    ['the PID it prints', (_npm: number, printed: number) => printed],
    ['the npm process itself (what $! gives after `npm start &`)', (npm: number) => npm],
  ])(
    'SIGTERM to %s leaves no DynamoDB Local JVM and no port open',
    async (_name, target) => {
      // Prepare
      const npm = start('npm', ['start', '--silent', '--', '--quiet']);
      const { values } = await untilReady(npm);
      const owner = Number(values.PID);
      const jvms = dynamoDbLocalJvms(values.AWS_ENDPOINT_URL_DYNAMODB as string);
      expect(jvms).toHaveLength(1);
      expect(await portIsOpen(values.AWS_ENDPOINT_URL_DYNAMODB as string)).toBe(true);

      // Act
      process.kill(target(npm.pid as number, owner), 'SIGTERM');
      await exitOf(owner);
      await exitOf(jvms[0] as number);

      // Assess
      expect(dynamoDbLocalJvms(values.AWS_ENDPOINT_URL_DYNAMODB as string)).toEqual([]);
      for (const name of SERVICE_PORTS) {
        expect(await portIsOpen(values[name] as string), name).toBe(false);
      }
    },
    120_000,
  );
});

describe('SIGINT stops everything npm start started, whichever process of its tree receives it', () => {
  it.each([
    [
      'npm, started in a script with & (so it inherits SIGINT ignored, as background jobs do)',
      (npm: number) => npm,
    ],
    ['DynamoDB Local’s JVM', (_npm: number, _owner: number, jvm: number) => jvm],
  ])(
    'kill -INT to %s leaves no process and no port',
    async (_name, target) => {
      // Prepare
      const script = start('bash', ['-c', 'npm start --silent -- --quiet & wait']);
      const { values } = await untilReady(script);
      const owner = Number(values.PID);
      const [npm] = childrenOf(script.pid as number);
      const [jvm] = dynamoDbLocalJvms(values.AWS_ENDPOINT_URL_DYNAMODB as string);
      expect(npm).toBeDefined();
      expect(jvm).toBeDefined();

      // Act
      process.kill(target(npm as number, owner, jvm as number), 'SIGINT');
      await exitOf(owner);
      await exitOf(jvm as number);
      await exitOf(npm as number);

      // Assess
      expect(dynamoDbLocalJvms(values.AWS_ENDPOINT_URL_DYNAMODB as string)).toEqual([]);
      for (const name of SERVICE_PORTS) {
        expect(await portIsOpen(values[name] as string), name).toBe(false);
      }
    },
    120_000,
  );
});

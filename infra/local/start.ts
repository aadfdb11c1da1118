import { parseArgs } from 'node:util';
import { SubscriberConfigError } from '../subscribers/subscriber-declaration.js';
import { PRINTED_VARIABLES } from './printed-variables.js';
import { startLocalRuntime } from './runtime.js';

/**
 * `npm start`: the whole service on this machine. Flags: `--seed FILE`, `--reference-data FILE`
 * (default infra/local/reference-data.json, the example set), `--data-dir DIR`,
 * `--port N` (or PORT), `--subscribers FILE` (local subscribers instead of the `local`
 * environment's, each receiving its events in `.local/subscribers/<name>.jsonl`), `--rate-limit N`
 * (requests per second per organisation, burst 2N; default infra/config/local-limits.ts). Prints the
 * NAME=value lines (among them `PID`, this process: the one that owns every stand-in) and
 * `ready` when everything is up.
 *
 * It stops everything it started on SIGINT (Ctrl-C), SIGTERM or SIGHUP, whichever process of
 * the tree receives it: sent to it; sent to npm, which forwards SIGINT and SIGTERM to its child
 * (`npm start` runs `exec node --import tsx …`, so no shell or second Node process stands
 * between npm and the stand-ins); sent to DynamoDB Local's JVM or its guard, whose exit stops the
 * rest. It also stops when the process that started it goes away (npm killed with SIGKILL),
 * which it notices by its parent process id changing.
 */

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    'reference-data': { type: 'string' },
    'data-dir': { type: 'string' },
    port: { type: 'string' },
    subscribers: { type: 'string' },
    'rate-limit': { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

function parseRateLimit(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const rate = Number(raw);
  if (!Number.isFinite(rate) || rate <= 0) {
    console.error(`invalid --rate-limit (requests per second per organisation): ${raw}`);
    process.exit(2);
  }
  return rate;
}

function parsePort(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`invalid port: ${raw}`);
    process.exit(2);
  }
  return port;
}

// A reader that went away (a closed pipe) must not crash us before we stop what we started.
process.stdout.on('error', () => undefined);
process.stderr.on('error', () => undefined);

/** How often the runtime checks that the process that started it is still there. */
const PARENT_POLL_MS = 500;

const say = (line: string) => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`${line}\n`);

/** Set once the runtime is up: stops everything and exits. */
let shutdown: ((reason: string) => Promise<void>) | undefined;
let earlyExit: string | undefined;

async function main(): Promise<void> {
  const started = Date.now();
  note('Starting the data-import service locally (DynamoDB Local, S3, EventBridge, API)…');
  const runtime = await startLocalRuntime({
    port: parsePort(values.port) ?? parsePort(process.env.PORT) ?? 3000,
    seedFile: values.seed,
    referenceDataFile: values['reference-data'],
    dataDir: values['data-dir'],
    subscribersFile: values.subscribers,
    rateLimit: parseRateLimit(values['rate-limit']),
    log: note,
    logRequests: !values.quiet,
    // A signal to DynamoDB Local's JVM (or its guard) ends the whole runtime, as one to us does.
    onStandInExit: (reason) => {
      if (shutdown) void shutdown(reason);
      else earlyExit = reason;
    },
  });

  let stopping = false;
  shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    note(`\n${reason}: stopping…`);
    await runtime.stop();
    note('stopped');
    process.exit(0);
  };
  if (earlyExit) return shutdown(earlyExit);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void shutdown?.(signal));
  }
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown?.('the process that started it exited');
  }, PARENT_POLL_MS).unref();

  say('');
  say('# Point the operator CLI or an SDK at this runtime: export these lines.');
  for (const name of PRINTED_VARIABLES) say(`${name}=${runtime.env[name]}`);
  say(`PID=${process.pid}`);
  say(
    `# Also: AWS_ENDPOINT_URL_EVENTBRIDGE=${runtime.env.AWS_ENDPOINT_URL_EVENTBRIDGE} (the local PutEvents endpoint)`,
  );
  say('');
  say(
    '# Seeded API keys (infra/local/seed.json): local-dev-key-acme (ACME, PAUSED-CO, DONE-CO), local-dev-key-globex (GLOBEX)',
  );
  say(`# Get a token:  curl -s -X POST ${runtime.url}/v1/graphql/ -H 'content-type: application/json' \\`);
  say(
    `#   -d '{"query":"mutation { obtainServiceToken(input: {APIKey: \\"local-dev-key-acme\\"}) { token } }"}'`,
  );
  say(
    `# Up in ${((Date.now() - started) / 1000).toFixed(1)} s. Ctrl-C, or kill -TERM $PID (this process), stops everything.`,
  );
  say('ready');
}

main().catch((error) => {
  // A mistake in what the user gave (a subscribers file) is one sentence and exit 2, no stack trace.
  if (error instanceof SubscriberConfigError) {
    note(`local runtime not started: ${error.message}.`);
    process.exit(2);
  }
  note(`local runtime failed to start: ${(error as Error)?.stack ?? String(error)}`);
  process.exit(1);
});

import { parseArgs } from 'node:util';
import { startLocalRuntime } from './runtime.js';

/**
 * `npm start`: the whole service on this machine (design.md §4). Flags: `--seed FILE`,
 * `--data-dir DIR`, `--port N` (or PORT). Prints the NAME=value lines and `ready` when
 * everything is up; Ctrl-C / SIGTERM stops everything it started.
 */
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
] as const;

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    'data-dir': { type: 'string' },
    port: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

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

const say = (line: string) => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const started = Date.now();
  note('Starting the data-import service locally (DynamoDB Local, S3, EventBridge, API)…');
  const runtime = await startLocalRuntime({
    port: parsePort(values.port) ?? parsePort(process.env.PORT) ?? 3000,
    seedFile: values.seed,
    dataDir: values['data-dir'],
    log: note,
    logRequests: !values.quiet,
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    note(`\n${signal}: stopping…`);
    await runtime.stop();
    note('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  say('');
  say('# Point the operator CLI or an SDK at this runtime: export these lines.');
  for (const name of PRINTED) say(`${name}=${runtime.env[name]}`);
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
  say(`# Up in ${((Date.now() - started) / 1000).toFixed(1)} s. Ctrl-C stops everything.`);
  say('ready');
}

main().catch((error) => {
  note(`local runtime failed to start: ${(error as Error)?.stack ?? String(error)}`);
  process.exit(1);
});

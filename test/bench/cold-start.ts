import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { SOURCE_MAPS_NODE_OPTIONS } from '../../infra/constructs/bundling-options.js';
import type { Bundle } from './bundles.js';

/**
 * Time to load a bundle in a fresh Node process: the module-scope work of a cold start
 * (parsing, reading the source map, SDK client construction, configuration), with the
 * NODE_OPTIONS the stack gives every function. Each bundle is loaded `runs` times, alternating
 * bundles so machine noise spreads evenly; the median is reported.
 *
 * The time is the process's CPU time (user + system, every thread) from just before the import
 * to just after it. On an idle machine that is the wall time of the load; on a shared one the wall
 * time also counts waiting for a core, which made the figure swing with the other work on the
 * machine. A Lambda function with less than one vCPU runs all those threads on its share of a core.
 */
const LOADER = `
const started = process.cpuUsage();
await import(process.argv[1]);
const { user, system } = process.cpuUsage(started);
process.stdout.write(String((user + system) / 1000));
`;

/**
 * Configuration every function reads at module scope; the values only need to be well-formed.
 * Secrets take their cloud form (a Secrets Manager ARN, not the local runtime's raw value), so
 * the functions that use them build their Secrets Manager client at load, as they do on Lambda.
 */
const FUNCTION_ENV = {
  DATA_IMPORT_TABLE_NAME: 'bench-table',
  DATA_IMPORT_BUCKET_NAME: 'bench-bucket',
  DATA_IMPORT_EVENT_BUS_NAME: 'bench-bus',
  DATA_IMPORT_TOKEN_SIGNING_SECRET_ARN:
    'arn:aws:secretsmanager:eu-west-2:123456789012:secret:bench-signing-key',
  DATA_IMPORT_STRIPE_API_URL: 'http://127.0.0.1:9',
  DATA_IMPORT_STRIPE_API_KEY_SECRET_ARN:
    'arn:aws:secretsmanager:eu-west-2:123456789012:secret:bench-stripe-key',
  DATA_IMPORT_TASK_QUEUE_URL: 'http://127.0.0.1:9/000000000000/bench-tasks',
  AWS_REGION: 'eu-west-2',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  POWERTOOLS_LOG_LEVEL: 'ERROR',
};

function loadOnce(file: string): number {
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', LOADER, pathToFileURL(file).href],
    {
      env: { PATH: process.env.PATH, NODE_OPTIONS: SOURCE_MAPS_NODE_OPTIONS, ...FUNCTION_ENV },
      encoding: 'utf8',
    },
  );
  return Number(output);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export function measureInit(bundles: readonly Bundle[], runs = 7): Map<string, number> {
  const samples = new Map<string, number[]>(bundles.map((b) => [b.id, []]));
  for (let run = 0; run < runs; run++) {
    for (const bundle of bundles) samples.get(bundle.id)!.push(loadOnce(bundle.file));
  }
  return new Map([...samples].map(([id, values]) => [id, Math.round(median(values) * 100) / 100]));
}

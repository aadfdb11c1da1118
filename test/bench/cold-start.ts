import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { Bundle } from './bundles.js';

/**
 * Time to load a bundle in a fresh Node process: the module-scope work of a cold start
 * (parsing, SDK client construction, configuration). Each bundle is loaded `runs` times,
 * alternating bundles so machine noise spreads evenly; the median is reported.
 */
const LOADER = `
const started = performance.now();
await import(process.argv[1]);
process.stdout.write(String(performance.now() - started));
`;

/** Configuration every function reads at module scope; the values only need to be well-formed. */
const FUNCTION_ENV = {
  DATA_IMPORT_TABLE_NAME: 'bench-table',
  DATA_IMPORT_BUCKET_NAME: 'bench-bucket',
  DATA_IMPORT_EVENT_BUS_NAME: 'bench-bus',
  DATA_IMPORT_TOKEN_SIGNING_KEY: 'bench-signing-key-bench-signing-key-bench-signing-key',
  DATA_IMPORT_STRIPE_API_URL: 'http://127.0.0.1:9',
  DATA_IMPORT_STRIPE_API_KEY: 'sk_bench',
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
      env: { PATH: process.env.PATH, ...FUNCTION_ENV },
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

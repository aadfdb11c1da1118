import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDataImportClient, type DataImportClient } from '../data-import-client.js';
import { checkApiAccess, SetupError, setupProblem } from './api-access.js';
import { readInputLines } from './input-file.js';
import { endWithTheCommand } from './lifetime.js';
import { load, type RetryableStatus } from './load.js';
import { loadReport, submitReport } from './load-report.js';
import { type AccountSummary, type ReconcileLine, reconcileLine } from './reconcile.js';
import { DEFAULT_STATE_ROOT, statusReport } from './status.js';
import { abortJob, getJob, JobRequestError, submit } from './submit.js';
import { checkSupplier } from './supplier-check.js';
import { claimStateDir } from './target.js';
import { writeAtomically } from './write-atomically.js';

/**
 * `npm run etl -- <command>`: the migration team's loader.
 *   load FILE.ndjson --supplier CODE [--concurrency 8] [--state DIR] [--dry-run] [--retry PARTIAL,FAILED]
 *   submit FILE.ndjson --supplier CODE [--state DIR] [--dry-run]
 *   job status JOB_ID | job abort JOB_ID
 *   status [--state DIR | --supplier CODE]
 *   reconcile FILE.ndjson --supplier CODE [--state DIR]
 * DATA_IMPORT_URL and DATA_IMPORT_API_KEY come from the environment. Exit codes: 0 every line
 * IMPORTED (load, submit) or done (status, reconcile, job); 1 some line is not (or the job request
 * was refused); 2 usage errors, an API that cannot be used as configured (unreachable URL,
 * refused API key), and for load and submit a supplier that cannot take lines or a state
 * directory that belongs to another target.
 */
const USAGE = `usage:
  npm run etl -- load FILE.ndjson --supplier CODE [--concurrency 8] [--state DIR] [--dry-run] [--retry PARTIAL,FAILED]
  npm run etl -- submit FILE.ndjson --supplier CODE [--state DIR] [--dry-run]
  npm run etl -- job status JOB_ID
  npm run etl -- job abort JOB_ID
  npm run etl -- status [--state DIR | --supplier CODE]
  npm run etl -- reconcile FILE.ndjson --supplier CODE [--state DIR]
environment: DATA_IMPORT_URL, DATA_IMPORT_API_KEY (load, submit, job, reconcile)`;

class UsageError extends Error {}

interface Command {
  name: 'load' | 'submit' | 'job' | 'status' | 'reconcile';
  file?: string;
  /** `job status` / `job abort`, and the job's id. */
  jobAction?: 'status' | 'abort';
  jobId?: string;
  supplier?: string;
  concurrency: number;
  /** Undefined only for `status` without `--state` or `--supplier`: every directory under `.etl/`. */
  stateDir: string | undefined;
  dryRun: boolean;
  retry: ReadonlySet<RetryableStatus>;
}

/** `--retry PARTIAL,FAILED`: the statuses whose lines are sent again. */
function parseRetry(value: string | undefined): Set<RetryableStatus> {
  if (value === undefined) return new Set();
  const statuses = value.split(',').map((status) => status.trim().toUpperCase());
  const wrong = statuses.filter((status) => status !== 'PARTIAL' && status !== 'FAILED');
  if (wrong.length > 0 || statuses.length === 0) {
    throw new UsageError(
      `--retry takes PARTIAL, FAILED or PARTIAL,FAILED (IMPORTED lines are done), not ${JSON.stringify(value)}`,
    );
  }
  return new Set(statuses as RetryableStatus[]);
}

/** The options the commands take (`parseArgs`'s table, and the list an unknown option is told). */
const OPTIONS = {
  supplier: { type: 'string' },
  concurrency: { type: 'string' },
  state: { type: 'string' },
  'dry-run': { type: 'boolean' },
  retry: { type: 'string' },
} as const;

/** `parseArgs`'s own text for an unknown option is about positional arguments: name it and the valid ones. */
function optionProblem(error: Error & { code?: string }, argv: readonly string[]): string {
  if (error.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return error.message;
  const known = (arg: string) => Object.keys(OPTIONS).some((name) => arg.split('=')[0] === `--${name}`);
  const option =
    argv.find((arg) => arg.startsWith('-') && arg !== '--' && !known(arg))?.split('=')[0] ??
    /Unknown option '([^']+)'/.exec(error.message)?.[1];
  const valid = Object.keys(OPTIONS)
    .map((name) => `--${name}`)
    .join(', ');
  return `unknown option ${option}: the options are ${valid}`;
}

export function parseCommand(argv: readonly string[]): Command {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(optionProblem(error as Error, argv));
  }
  const [name, ...rest] = parsed.positionals;
  const { values } = parsed;
  if (name === 'job') return parseJobCommand(rest, values);
  if (name !== 'load' && name !== 'submit' && name !== 'status' && name !== 'reconcile') {
    throw new UsageError(name ? `unknown command "${name}"` : 'no command');
  }
  const wantsFile = name !== 'status';
  if (rest.length !== (wantsFile ? 1 : 0)) {
    throw new UsageError(wantsFile ? `${name} takes exactly one FILE.ndjson` : 'status takes no FILE');
  }
  if (wantsFile && !values.supplier) throw new UsageError(`${name} needs --supplier CODE`);
  if (name !== 'load' && (values.concurrency !== undefined || values.retry)) {
    throw new UsageError('--concurrency and --retry belong to load');
  }
  if (name !== 'load' && name !== 'submit' && values['dry-run']) {
    throw new UsageError('--dry-run belongs to load and submit');
  }
  if (values['dry-run'] && values.retry)
    throw new UsageError('--dry-run keeps nothing: it has nothing to --retry');
  if (name === 'status' && values.supplier !== undefined && values.state !== undefined)
    throw new UsageError('status takes --state DIR or --supplier CODE, not both');
  const concurrency = values.concurrency === undefined ? 8 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256) {
    throw new UsageError('--concurrency must be an integer from 1 to 256');
  }
  const file = rest[0];
  if (file && !existsSync(file)) throw new UsageError(`no such file: ${file}`);
  const stateDir =
    values.state ?? (values.supplier ? path.join(DEFAULT_STATE_ROOT, values.supplier) : undefined);
  return {
    name,
    file,
    supplier: values.supplier,
    concurrency,
    stateDir,
    dryRun: values['dry-run'] ?? false,
    retry: parseRetry(values.retry),
  };
}

function parseJobCommand(rest: readonly string[], values: Record<string, unknown>): Command {
  const [action, jobId, ...extra] = rest;
  if (action !== 'status' && action !== 'abort') {
    throw new UsageError(action ? `unknown job command "${action}"` : 'job needs status or abort');
  }
  if (!jobId || extra.length > 0) throw new UsageError(`job ${action} takes exactly one JOB_ID`);
  if (Object.values(values).some((value) => value !== undefined)) {
    throw new UsageError(`job ${action} takes no options`);
  }
  return {
    name: 'job',
    jobAction: action,
    jobId,
    concurrency: 8,
    stateDir: undefined,
    dryRun: false,
    retry: new Set(),
  };
}

function clientFromEnvironment(): DataImportClient {
  const baseUrl = process.env.DATA_IMPORT_URL;
  const apiKey = process.env.DATA_IMPORT_API_KEY;
  if (!baseUrl || !apiKey) throw new UsageError('DATA_IMPORT_URL and DATA_IMPORT_API_KEY must be set');
  return createDataImportClient({ baseUrl, apiKey });
}

function printCounts(counts: Record<string, number>): void {
  for (const [status, count] of Object.entries(counts)) console.log(`${status.padEnd(9)} ${count}`);
}

/** The command as the user would type it again (`--retry` is added by the report). */
function rerunOf(command: Command): string {
  const state =
    command.stateDir === path.join(DEFAULT_STATE_ROOT, command.supplier ?? '')
      ? ''
      : ` --state ${command.stateDir}`;
  return `npm run etl -- load ${command.file} --supplier ${command.supplier}${state}`;
}

/**
 * What `load` and `submit` check before the first line, each ending the run with exit 2 and one
 * sentence: the API usable with the URL and key, the supplier able to take lines, and the state
 * directory this target's (recorded on its first run).
 */
async function checkBeforeTheFirstLine(client: DataImportClient, command: Command): Promise<void> {
  const holder = await checkApiAccess(client);
  await checkSupplier(client, command.supplier as string, holder);
  claimStateDir(command.stateDir as string, { url: client.baseUrl, organisation: holder.organisation });
}

async function runLoad(command: Command): Promise<number> {
  const client = clientFromEnvironment();
  endWithTheCommand('Run the same command again to continue: every finished step is in the journal.');
  await checkBeforeTheFirstLine(client, command);
  const summary = await load(client, {
    file: command.file as string,
    supplier: command.supplier as string,
    concurrency: command.concurrency,
    stateDir: command.stateDir as string,
    dryRun: command.dryRun,
    retry: command.retry,
  });
  for (const line of loadReport(summary, { dryRun: command.dryRun, rerun: rerunOf(command) }))
    console.log(line);
  return summary.counts.PARTIAL + summary.counts.FAILED === 0 ? 0 : 1;
}

function runStatus(command: Command): number {
  for (const line of statusReport(command.stateDir)) console.log(line);
  return 0;
}

async function runReconcile(command: Command): Promise<number> {
  const client = clientFromEnvironment();
  endWithTheCommand('It changes nothing: run it again whenever you like.');
  await checkApiAccess(client);
  const supplier = command.supplier as string;
  const results: ReconcileLine[] = [];
  for (const input of readInputLines(command.file as string)) {
    if (!input.account) {
      results.push({
        line: input.line,
        external_account_number: input.externalAccountNumber,
        result: 'MISSING',
        differences: [{ field: 'line', expected: 'an account', actual: input.problem }],
      });
      continue;
    }
    const external = input.account.external_account_number;
    const { status, body } = await client.getJson<AccountSummary>(
      `/v1/data-import/account-summary/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}/`,
    );
    if (status !== 200 && status !== 404)
      throw new Error(`account summary of ${external} answered ${status}`);
    results.push(reconcileLine(input.line, input.account, status === 200 ? body : undefined));
  }
  const stateDir = command.stateDir as string;
  mkdirSync(stateDir, { recursive: true });
  const output = path.join(stateDir, 'reconcile.ndjson');
  writeAtomically(output, results.map((result) => `${JSON.stringify(result)}\n`).join(''));
  const counts = { MATCH: 0, MISSING: 0, MISMATCH: 0 };
  for (const result of results) counts[result.result]++;
  printCounts(counts);
  console.log(`reconcile: ${output}`);
  return counts.MISSING + counts.MISMATCH === 0 ? 0 : 1;
}

async function runSubmit(command: Command): Promise<number> {
  const client = clientFromEnvironment();
  endWithTheCommand(
    'The job goes on in the service: follow it with `npm run etl -- job status JOB_ID` (the id is in the state directory’s job.json).',
  );
  await checkBeforeTheFirstLine(client, command);
  const summary = await submit(client, {
    file: command.file as string,
    supplier: command.supplier as string,
    stateDir: command.stateDir as string,
    dryRun: command.dryRun,
  });
  for (const line of submitReport(summary, { dryRun: command.dryRun })) console.log(line);
  const { job } = summary;
  return job.state === 'COMPLETE' && job.lines.imported === job.lines.total ? 0 : 1;
}

async function runJob(command: Command): Promise<number> {
  const client = clientFromEnvironment();
  await checkApiAccess(client);
  const jobId = command.jobId as string;
  try {
    const job = command.jobAction === 'abort' ? await abortJob(client, jobId) : await getJob(client, jobId);
    console.log(JSON.stringify(job, null, 2));
    return 0;
  } catch (error) {
    if (!(error instanceof JobRequestError)) throw error;
    console.error(`etl: ${error.message}`);
    return 1;
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    const command = parseCommand(argv);
    if (command.name === 'status') return runStatus(command);
    if (command.name === 'submit') return await runSubmit(command);
    if (command.name === 'job') return await runJob(command);
    if (command.name === 'reconcile') return await runReconcile(command);
    return await runLoad(command);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      return 2;
    }
    const problem =
      error instanceof SetupError ? error.message : setupProblem(error, process.env.DATA_IMPORT_URL ?? '');
    if (problem) {
      console.error(`etl: ${problem}`);
      return 2;
    }
    console.error(`etl: ${(error as Error).message}`);
    return 1;
  }
}

// Node runs the module from its real path: a path through a symlink (a linked checkout) names it too.
if (process.argv[1] && realpathSync(path.resolve(process.argv[1])) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}

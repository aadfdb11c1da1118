import { parseArgs } from 'node:util';
import { type Command, UsageError } from './commands/command.js';
import { environmentOf, resolveTableName, withoutEnvFlag } from './table-name.js';

/**
 * The operator CLI: `npm run ops -- <command> [args] [--env NAME]`.
 * Works against the cloud (standard AWS credential chain; the table from DATA_IMPORT_TABLE_NAME
 * or the `DataImport-<env>` stack outputs) and against the local runtime (export the lines
 * `npm start` prints: the AWS_ENDPOINT_URL_* variables point the SDK at the stand-ins).
 */
/**
 * The commands of each first word, loaded only when asked for: each group pulls in its own SDK
 * clients, and loading every group costs a command several hundred milliseconds it does not need.
 */
const COMMAND_GROUPS: Record<string, () => Promise<Command[]>> = {
  supplier: async () => (await import('./commands/supplier.js')).supplierCommands,
  'api-key': async () => (await import('./commands/api-key.js')).apiKeyCommands,
  apply: async () => [(await import('./commands/apply.js')).applyCommand],
  events: async () => (await import('./commands/events.js')).eventsCommands,
  task: async () => (await import('./commands/task.js')).taskCommands,
  'bulk-job': async () => (await import('./commands/bulk-job.js')).bulkJobCommands,
  'reference-data': async () => (await import('./commands/reference-data.js')).referenceDataCommands,
};

async function loadCommands(group: string | undefined): Promise<Command[]> {
  const only = group === undefined ? undefined : COMMAND_GROUPS[group];
  if (only) return only();
  return (await Promise.all(Object.values(COMMAND_GROUPS).map((load) => load()))).flat();
}

function usage(commands: readonly Command[]): string {
  return [
    'Usage: npm run ops -- <command> [--env NAME]',
    '',
    ...commands.map((c) => `  ${c.usage.padEnd(70)} ${c.summary}`),
    '',
    'The table: DATA_IMPORT_TABLE_NAME, else the TableName output of stack DataImport-<env> (default dev).',
  ].join('\n');
}

/** Commands that never touch the table (the events commands work on the bus and its archive). */
const COMMANDS_WITHOUT_TABLE = new Set(['events']);

async function main(rawArgv: string[]): Promise<number> {
  // The SDK warns once per process that it will need Node 22 from 2027: noise for an operator
  // (the functions run on Lambda's Node 22), and it would come before every command's output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const wantsHelp = rawArgv.length === 0 || rawArgv.includes('--help') || rawArgv.includes('-h');
  const argv = withoutEnvFlag(rawArgv);
  const group = argv.find((word) => !word.startsWith('-'));
  if (wantsHelp || COMMANDS_WITHOUT_TABLE.has(group ?? '')) {
    // These send no request to the table: any table name will do to load the commands.
    process.env.DATA_IMPORT_TABLE_NAME ??= 'not-used-by-this-command';
  } else {
    await resolveTableName(rawArgv);
  }
  const commands = await loadCommands(wantsHelp ? undefined : group);
  const words = argv.filter((word) => !word.startsWith('-'));
  const command = commands
    .filter((c) => c.name.every((part, index) => words[index] === part))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!command || wantsHelp) {
    console.error(usage(wantsHelp ? commands : await loadCommands(undefined)));
    return wantsHelp ? 0 : 2;
  }
  const rest = argv.slice(argv.indexOf(command.name.at(-1)!) + 1);
  const { values, positionals } = parseArgs({
    args: rest,
    options: command.options ?? {},
    allowPositionals: true,
  });
  return command.run({
    values: values as Record<string, string | boolean | undefined>,
    positionals,
    environment: environmentOf(rawArgv),
  });
}

/** A missing, unknown or impossible argument: the command's own check, or node:util's parseArgs. */
function isUsageError(error: Error): boolean {
  return (
    error instanceof UsageError || String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS_')
  );
}

// A usage error exits 2, as an unknown command does; any other failure 1.
process.exitCode = await main(process.argv.slice(2)).catch((error: Error) => {
  console.error(`error: ${error.message}`);
  return isUsageError(error) ? 2 : 1;
});

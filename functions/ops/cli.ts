import { parseArgs } from 'node:util';
import { apiKeyCommands } from './commands/api-key.js';
import { applyCommand } from './commands/apply.js';
import type { Command } from './commands/command.js';
import { supplierCommands } from './commands/supplier.js';

/**
 * The operator CLI: `npm run ops -- <command> [args]`.
 * Works against the cloud (standard AWS credentials; DATA_IMPORT_TABLE_NAME) and against
 * the local runtime (the AWS_ENDPOINT_URL_* lines `npm start` prints).
 */
const commands: Command[] = [...supplierCommands, ...apiKeyCommands, applyCommand];

function usage(): string {
  return [
    'Usage: npm run ops -- <command>',
    '',
    ...commands.map((c) => `  ${c.usage.padEnd(70)} ${c.summary}`),
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const words = argv.filter((word) => !word.startsWith('-'));
  const command = commands
    .filter((c) => c.name.every((part, index) => words[index] === part))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (!command) {
    console.error(usage());
    return argv.length === 0 || argv.includes('--help') ? 0 : 2;
  }
  const rest = argv.slice(argv.indexOf(command.name.at(-1)!) + 1);
  const { values, positionals } = parseArgs({
    args: rest,
    options: command.options ?? {},
    allowPositionals: true,
  });
  return command.run({ values: values as Record<string, string | boolean | undefined>, positionals });
}

process.exitCode = await main(process.argv.slice(2)).catch((error: Error) => {
  console.error(`error: ${error.message}`);
  return 1;
});

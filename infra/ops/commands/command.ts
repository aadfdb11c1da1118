import type { ParseArgsConfig } from 'node:util';

export interface CommandInput {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  /** The environment (`--env NAME`, DATA_IMPORT_ENV, default dev): the stack `DataImport-<env>`. */
  environment?: string;
}

/** One operator command: `name` is its words (`['supplier', 'put']`). Returns the exit code. */
export interface Command {
  name: string[];
  usage: string;
  summary: string;
  options?: ParseArgsConfig['options'];
  run(input: CommandInput): Promise<number>;
}

export class UsageError extends Error {}

export function requireString(input: CommandInput, option: string): string {
  const value = input.values[option];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${option} is required`);
  return value;
}

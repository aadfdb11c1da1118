import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';

/**
 * Where the operator CLI finds the table: DATA_IMPORT_TABLE_NAME when set (the local runtime
 * prints it), otherwise the `TableName` output of the deployed stack `DataImport-<env>`
 * (`--env NAME`, or DATA_IMPORT_ENV, default dev), read with the standard AWS credentials.
 */
export function resolveTableName(argv: readonly string[]): Promise<void> {
  return resolveFromStack('DATA_IMPORT_TABLE_NAME', 'TableName', environmentOf(argv), 'the table');
}

/**
 * Sets `variable` from the stack output `outputKey` of `DataImport-<environment>` unless it is set
 * already (the local runtime prints the variables its stand-ins need).
 */
export async function resolveFromStack(
  variable: string,
  outputKey: string,
  environment: string,
  what: string,
): Promise<void> {
  if (process.env[variable]) return;
  const stackName = `DataImport-${environment}`;
  const client = new CloudFormationClient({});
  try {
    const { Stacks } = await client.send(new DescribeStacksCommand({ StackName: stackName }));
    const output = Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === outputKey)?.OutputValue;
    if (!output) throw new Error(`stack ${stackName} has no ${outputKey} output`);
    process.env[variable] = output;
  } catch (error) {
    throw new Error(
      `${variable} is not set and ${what} of ${stackName} could not be found (${(error as Error).message}). ` +
        `Set ${variable} (locally: export the lines \`npm start\` prints) or pass --env NAME.`,
    );
  } finally {
    client.destroy();
  }
}

/** The environment the command is for: `--env NAME`, else DATA_IMPORT_ENV, else dev. */
export function environmentOf(argv: readonly string[]): string {
  const envFlag = argv.indexOf('--env');
  return (envFlag >= 0 ? argv[envFlag + 1] : undefined) ?? process.env.DATA_IMPORT_ENV ?? 'dev';
}

/** Removes `--env NAME` so commands do not see it. */
export function withoutEnvFlag(argv: readonly string[]): string[] {
  const index = argv.indexOf('--env');
  return index < 0 ? [...argv] : [...argv.slice(0, index), ...argv.slice(index + 2)];
}

import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';

/**
 * Where the operator CLI finds the table: DATA_IMPORT_TABLE_NAME when set (the local runtime
 * prints it), otherwise the `TableName` output of the deployed stack `DataImport-<env>`
 * (`--env NAME`, or DATA_IMPORT_ENV, default dev), read with the standard AWS credentials.
 */
export async function resolveTableName(argv: readonly string[]): Promise<void> {
  if (process.env.DATA_IMPORT_TABLE_NAME) return;
  const stackName = `DataImport-${environmentOf(argv)}`;
  const client = new CloudFormationClient({});
  try {
    const { Stacks } = await client.send(new DescribeStacksCommand({ StackName: stackName }));
    const output = Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === 'TableName')?.OutputValue;
    if (!output) throw new Error(`stack ${stackName} has no TableName output`);
    process.env.DATA_IMPORT_TABLE_NAME = output;
  } catch (error) {
    throw new Error(
      `DATA_IMPORT_TABLE_NAME is not set and the table of ${stackName} could not be found (${(error as Error).message}). ` +
        'Set DATA_IMPORT_TABLE_NAME (locally: export the lines `npm start` prints) or pass --env NAME.',
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

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/**
 * The operator CLI as an operator runs it: a real process against the local runtime's table,
 * with only the variables `npm start` prints (not the runtime's own, such as the SDK's warning
 * switch, which the test environment inherits).
 */
export async function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: _set, ...env } = process.env;
  try {
    const { stdout, stderr } = await exec(
      process.execPath,
      ['--import', 'tsx', 'infra/ops/cli.ts', ...args],
      {
        env,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

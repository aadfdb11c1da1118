import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/constructs/service-function.js';
import type { FunctionDefinition } from '../../infra/function-definition.js';
import { apiFunctions, backgroundFunctions } from '../../infra/routes.js';
import { logicalIdOf, synth } from './support/synth.js';

const exec = promisify(execFile);

/**
 * Each function reads its configuration once, at module scope, and fails its cold start when a
 * variable is missing. The local runtime gives every handler every variable, so a handler that
 * reads one its stack entry does not get would only fail in the cloud: here each handler module is
 * loaded in a process of its own with only the variables the synthesized stack gives its function
 * (values that name nothing: a load reads configuration, it calls nothing), plus what Lambda itself
 * sets (region, credentials).
 */
const definitions: readonly FunctionDefinition[] = [...apiFunctions, ...Object.values(backgroundFunctions)];
const LAMBDA_VARIABLES = {
  AWS_REGION: 'eu-west-2',
  AWS_ACCESS_KEY_ID: 'load-test',
  AWS_SECRET_ACCESS_KEY: 'load-test',
  POWERTOOLS_LOG_LEVEL: 'ERROR',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/** A well-formed value for a variable the template sets (a reference or a token). */
function variableValue(name: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (name.endsWith('_URL')) return `http://127.0.0.1:9/000000000000/${name.toLowerCase()}`;
  if (name.endsWith('_ARN'))
    return `arn:aws:secretsmanager:eu-west-2:123456789012:secret:${name.toLowerCase()}`;
  return `load-test-${name.toLowerCase()}`;
}

async function loads(id: string, env: Record<string, string>): Promise<string | undefined> {
  const file = path.join(PROJECT_ROOT, 'functions/handlers', `${id}.ts`);
  try {
    await exec(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', `await import(${JSON.stringify(file)});`],
      {
        cwd: PROJECT_ROOT,
        env: { PATH: process.env.PATH, ...LAMBDA_VARIABLES, ...env },
      },
    );
    return undefined;
  } catch (error) {
    return (
      (error as { stderr?: string }).stderr?.split('\n').find((line) => /(Error|Exception)]?: /.test(line)) ??
      String(error)
    );
  }
}

describe('every function loads with only the configuration its stack entry gives it', () => {
  it('loads each handler module with the variables of its Lambda function', async () => {
    // Prepare
    const { stack, template } = synth('dev');
    const lambdas = template.findResources('AWS::Lambda::Function');
    const environments = definitions.map((definition) => {
      const variables = lambdas[logicalIdOf(stack.functions.get(definition.id)!)]?.Properties.Environment
        .Variables as Record<string, unknown>;
      return {
        id: definition.id,
        env: Object.fromEntries(
          Object.entries(variables)
            .filter(([name]) => name !== 'NODE_OPTIONS')
            .map(([name, value]) => [name, variableValue(name, value)]),
        ),
      };
    });

    // Act: a few at a time, each in its own process.
    const failures: Record<string, string> = {};
    for (let start = 0; start < environments.length; start += 4) {
      await Promise.all(
        environments.slice(start, start + 4).map(async ({ id, env }) => {
          const failure = await loads(id, env);
          if (failure) failures[id] = failure;
        }),
      );
    }

    // Assess
    expect(failures).toEqual({});
  }, 300_000);
});

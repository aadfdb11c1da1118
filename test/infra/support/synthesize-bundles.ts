import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { environmentConfig } from '../../../infra/config/environments.js';
import { ServiceFunction } from '../../../infra/constructs/service-function.js';
import type { FunctionDefinition } from '../../../infra/function-definition.js';
import { apiFunctions, backgroundFunctions } from '../../../infra/routes.js';

/**
 * Synthesizes one stack holding the functions named on the command line, with the team's
 * construct (so the bundles are exactly what the stack deploys), into the directory given
 * first, and prints `{ "<function id>": "<bundle file>" }`. Run as its own process: the CDK
 * bundles synchronously, which would stall a test worker for minutes.
 *
 *   node --import tsx test/infra/support/synthesize-bundles.ts OUTDIR authorizer stage-account
 */
export function definitionOf(id: string): FunctionDefinition {
  const definition = [...apiFunctions, ...Object.values(backgroundFunctions)].find((fn) => fn.id === id);
  if (!definition) throw new Error(`no function ${id} in infra/routes.ts`);
  return definition;
}

function synthesizeBundles(outdir: string, ids: string[]): Record<string, string> {
  const app = new App({ outdir });
  const stack = new Stack(app, 'DeployedBundles');
  const logicalIds = new Map<string, string>();
  for (const id of ids) {
    const fn = new ServiceFunction(stack, `Fn${id.replaceAll('-', '')}`, {
      definition: definitionOf(id),
      config: environmentConfig('dev'),
    });
    logicalIds.set(id, stack.getLogicalId(fn.node.defaultChild as never));
  }
  const template = app.synth().getStackByName('DeployedBundles').template as {
    Resources: Record<string, { Properties?: { Code?: { S3Key?: string } } }>;
  };
  return Object.fromEntries(
    ids.map((id) => {
      // The code's S3 key is `<asset hash>.zip`; the bundle is in `asset.<asset hash>/`.
      const key = template.Resources[logicalIds.get(id) as string]?.Properties?.Code?.S3Key;
      if (!key) throw new Error(`no code asset for ${id}`);
      return [id, path.join(outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs')];
    }),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [outdir, ...ids] = process.argv.slice(2);
  if (!outdir || ids.length === 0) throw new Error('usage: synthesize-bundles.ts OUTDIR FUNCTION_ID…');
  process.stdout.write(JSON.stringify(synthesizeBundles(outdir, ids)));
}

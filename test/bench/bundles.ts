import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { lambdaBundlingOptions } from '../../infra/constructs/bundling-options.js';
import { apiFunctions, backgroundFunctions } from '../../infra/routes.js';

/**
 * Builds every function the way the stack ships it (the construct's own esbuild options),
 * plus a floor bundle that only imports @aws-sdk/client-dynamodb, and reports their sizes.
 */

export interface Bundle {
  id: string;
  file: string;
  bytes: number;
}

export const FLOOR_ID = 'floor-dynamodb-client';

export async function buildBundles(root: string, outDir: string): Promise<Bundle[]> {
  const ids = [...apiFunctions, ...Object.values(backgroundFunctions)].map((f) => f.id);
  const entries: { id: string; entry: string }[] = ids.map((id) => ({
    id,
    entry: path.join(root, 'functions/handlers', `${id}.ts`),
  }));
  const floorEntry = path.join(outDir, `${FLOOR_ID}.ts`);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    floorEntry,
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const client = new DynamoDBClient({});\nexport const handler = async () => client.config.region;\n",
  );
  entries.push({ id: FLOOR_ID, entry: floorEntry });
  const bundles: Bundle[] = [];
  for (const { id, entry } of entries) {
    const file = path.join(outDir, id, 'index.mjs');
    await build({
      ...lambdaBundlingOptions.esbuild,
      entryPoints: [entry],
      outfile: file,
      nodePaths: [path.join(root, 'node_modules')],
      logLevel: 'error',
    });
    bundles.push({ id, file, bytes: statSync(file).size });
  }
  return bundles;
}

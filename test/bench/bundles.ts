import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { lambdaBundlingOptions } from '../../infra/constructs/bundling-options.js';
import { keepOwnCodeMappingsInFile } from '../../infra/constructs/own-code-source-map.js';
import { apiFunctions, backgroundFunctions } from '../../infra/routes.js';

/**
 * Builds every function the way the stack ships it (the construct's own esbuild options),
 * plus a floor bundle that only imports @aws-sdk/client-dynamodb, and reports their sizes.
 */

export interface Bundle {
  id: string;
  file: string;
  bytes: number;
  /** The three modules that weigh most in the bundle (esbuild metafile), largest first. */
  largestModules: { module: string; bytes: number }[];
}

/** `node_modules/@aws-sdk/client-dynamodb/dist-es/…` → `@aws-sdk/client-dynamodb`; own sources keep their path. */
function moduleOf(input: string): string {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return input;
  const parts = input.slice(at + 'node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

function largestModules(metafile: Metafile, file: string, root: string) {
  const output = Object.entries(metafile.outputs).find(([out]) => path.resolve(root, out) === file)?.[1];
  const sizes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const module = moduleOf(input);
    sizes.set(module, (sizes.get(module) ?? 0) + bytesInOutput);
  }
  return [...sizes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([module, bytes]) => ({ module, bytes }));
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
    const result = await build({
      ...lambdaBundlingOptions.esbuild,
      metafile: true,
      entryPoints: [entry],
      outfile: file,
      nodePaths: [path.join(root, 'node_modules')],
      logLevel: 'error',
    });
    // What the construct's bundling does after esbuild: the map keeps the service's own code only.
    keepOwnCodeMappingsInFile(`${file}.map`);
    bundles.push({
      id,
      file,
      bytes: statSync(file).size,
      largestModules: largestModules(result.metafile, file, process.cwd()),
    });
  }
  return bundles;
}

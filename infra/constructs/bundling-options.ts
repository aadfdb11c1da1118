import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/**
 * How every function is bundled, defined once: the CDK construct (./service-function.ts)
 * ships these options, and the benchmarks and the bundling test build with the same
 * esbuild options directly.
 *
 * ESM output, so a banner gives bundled CommonJS dependencies the `require` they expect.
 * The AWS SDK is bundled (not taken from the runtime), so the deployed code runs exactly
 * the SDK version that was tested and tree shaking drops what is unused.
 *
 * Source maps carry mappings only, not the sources' text (`sourcesContent`), and only for the
 * service's own code: Lambda runs with `--enable-source-maps`, which reads and parses the whole
 * map on every cold start, and stack traces need only the mappings (file, line, column) of the
 * service's frames to name the TypeScript source. After esbuild, `keepOwnCodeMappings`
 * (./own-code-source-map.ts) drops the npm packages' mappings, most of every map
 * (docs/contributing/cold-starts.md).
 */
const TARGET = 'node22';
const REQUIRE_BANNER =
  "import { createRequire as __cjsCreateRequire } from 'node:module'; const require = __cjsCreateRequire(import.meta.url);";
const MAIN_FIELDS = ['module', 'main'];

/**
 * Lambda-only replacement for the SDK's default credential chain (see the file's comment):
 * bundles resolve `@aws-sdk/credential-provider-node` to it.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export const LAMBDA_CREDENTIAL_PROVIDER = path.join(
  here,
  '../../functions/adapters/aws/lambda-credential-provider.ts',
);
const ALIASES = { '@aws-sdk/credential-provider-node': LAMBDA_CREDENTIAL_PROVIDER };

const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');
const quoted = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

/** The shell command the construct's bundling runs after esbuild, in the asset's output folder. */
export function ownCodeSourceMapCommand(outputDir: string): string {
  return [
    process.execPath,
    TSX_CLI,
    path.join(here, 'own-code-source-map.ts'),
    path.join(outputDir, 'index.mjs.map'),
  ]
    .map(quoted)
    .join(' ');
}

const cdk: BundlingOptions = {
  format: OutputFormat.ESM,
  target: TARGET,
  minify: true,
  sourceMap: true,
  mainFields: MAIN_FIELDS,
  banner: REQUIRE_BANNER,
  bundleAwsSDK: true,
  externalModules: [],
  esbuildArgs: {
    '--tree-shaking': 'true',
    '--sources-content': 'false',
    ...Object.fromEntries(Object.entries(ALIASES).map(([module, file]) => [`--alias:${module}`, file])),
  },
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir, outputDir) => [ownCodeSourceMapCommand(outputDir)],
  },
};

const esbuild: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: TARGET,
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  mainFields: MAIN_FIELDS,
  banner: { js: REQUIRE_BANNER },
  external: [],
  treeShaking: true,
  alias: ALIASES,
};

export const lambdaBundlingOptions = { cdk, esbuild } as const;

/** Lambda runs the bundle with source maps, so stack traces point at the TypeScript sources. */
export const SOURCE_MAPS_NODE_OPTIONS = '--enable-source-maps';

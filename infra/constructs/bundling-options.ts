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
 * Source maps carry mappings only, not the sources' text (`sourcesContent`): Lambda runs with
 * `--enable-source-maps`, which reads and parses the whole map on every cold start, and stack
 * traces need only the mappings (file, line, column) to name the TypeScript source. The text
 * made each map about three times larger (docs/contributing/cold-starts.md).
 */
const TARGET = 'node22';
const REQUIRE_BANNER =
  "import { createRequire as __cjsCreateRequire } from 'node:module'; const require = __cjsCreateRequire(import.meta.url);";
const MAIN_FIELDS = ['module', 'main'];

/**
 * Lambda-only replacement for the SDK's default credential chain (see the file's comment):
 * bundles resolve `@aws-sdk/credential-provider-node` to it.
 */
export const LAMBDA_CREDENTIAL_PROVIDER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../functions/adapters/aws/lambda-credential-provider.ts',
);
const ALIASES = { '@aws-sdk/credential-provider-node': LAMBDA_CREDENTIAL_PROVIDER };

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

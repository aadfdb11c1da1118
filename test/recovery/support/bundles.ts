import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { lambdaBundlingOptions } from '../../../infra/constructs/bundling-options.js';
import { keepOwnCodeMappingsInFile } from '../../../infra/constructs/own-code-source-map.js';
import { projectRoot } from '../../../schemas/project-root.js';

/**
 * The bundles the crash-point harness runs: each function exactly as the stack ships it (the
 * construct's esbuild options, then its source map cut to the service's own code), and the
 * child runner. Built once and kept under `.local/crash-points/bundles/`; a bundle is built
 * again when any file esbuild read for it changed (its size or modification time), so a run
 * after an edit never tests stale code.
 */
const root = projectRoot;
const outDir = path.join(root, '.local/crash-points/bundles');

interface Manifest {
  inputs: Record<string, string>;
}

const fingerprint = (file: string) => {
  const stat = statSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.size}:${stat.mtimeMs}` : 'missing';
};

function upToDate(file: string, manifestFile: string): boolean {
  if (!existsSync(file) || !existsSync(manifestFile)) return false;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  return Object.entries(manifest.inputs).every(([input, print]) => fingerprint(input) === print);
}

async function bundle(id: string, entry: string, lambda: boolean): Promise<string> {
  const file = path.join(outDir, id, 'index.mjs');
  const manifestFile = path.join(outDir, id, 'inputs.json');
  if (upToDate(file, manifestFile)) return file;
  mkdirSync(path.dirname(file), { recursive: true });
  const result = await build({
    ...lambdaBundlingOptions.esbuild,
    ...(lambda ? {} : { minify: false, sourcemap: false }),
    metafile: true,
    entryPoints: [entry],
    outfile: file,
    absWorkingDir: root,
    nodePaths: [path.join(root, 'node_modules')],
    logLevel: 'error',
  });
  if (lambda) keepOwnCodeMappingsInFile(`${file}.map`);
  const inputs = Object.fromEntries(
    Object.keys(result.metafile.inputs).map((input) => {
      const absolute = path.resolve(root, input);
      return [absolute, fingerprint(absolute)];
    }),
  );
  writeFileSync(manifestFile, JSON.stringify({ inputs } satisfies Manifest));
  return file;
}

const built = new Map<string, Promise<string>>();

/** The bundle of function `id` (`functions/handlers/<id>.ts`), built as deployed. */
export function functionBundle(id: string): Promise<string> {
  const key = `fn:${id}`;
  if (!built.has(key)) built.set(key, bundle(id, path.join(root, 'functions/handlers', `${id}.ts`), true));
  return built.get(key) as Promise<string>;
}

/** The child runner (./child-runner.ts), bundled so that the child starts with plain `node`. */
export function runnerBundle(): Promise<string> {
  const key = 'runner';
  if (!built.has(key)) {
    built.set(key, bundle('child-runner', path.join(root, 'test/recovery/support/child-runner.ts'), false));
  }
  return built.get(key) as Promise<string>;
}

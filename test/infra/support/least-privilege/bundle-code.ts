import path from 'node:path';
import { build } from 'esbuild';
import { lambdaBundlingOptions } from '../../../../infra/constructs/bundling-options.js';
import { projectRoot } from '../../../../schemas/project-root.js';

/**
 * The service's own code each function's bundle holds, as the deployed bundling builds it (the
 * same esbuild options and tree shaking; npm packages are left out, and nothing is minified, so
 * the code keeps its names): code esbuild drops from a bundle is code the function cannot run.
 * One build for every function, in memory.
 */
export async function bundleCode(functionIds: readonly string[]): Promise<Map<string, string>> {
  const result = await build({
    ...lambdaBundlingOptions.esbuild,
    entryPoints: Object.fromEntries(
      functionIds.map((id) => [id, path.join(projectRoot, 'functions', 'handlers', `${id}.ts`)]),
    ),
    outdir: path.join(projectRoot, '.local', 'bundle-code'),
    packages: 'external',
    write: false,
    minify: false,
    sourcemap: false,
    banner: {},
    logLevel: 'silent',
  });
  return new Map(result.outputFiles.map((file) => [path.basename(file.path, '.js'), file.text]));
}

/** Whether `code` declares `symbol` (a function, class or variable of that name). */
export function declares(code: string, symbol: string): boolean {
  return new RegExp(`\\b(function\\*?|const|let|var|class)\\s+${symbol}\\b`).test(code);
}

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lambdaBundlingOptions } from '../../infra/constructs/bundling-options.js';
import { projectRoot } from '../../schemas/project-root.js';

/** Handlers import `emit`: it must bring only the validators of the events this service emits. */

async function bundle(entries: string[]) {
  const result = await build({
    ...lambdaBundlingOptions.esbuild,
    sourcemap: false,
    entryPoints: entries.map((entry) => path.join(projectRoot, entry)),
    write: false,
    metafile: true,
    outdir: 'out',
    logLevel: 'silent',
  });
  const bytes = Math.max(...result.outputFiles.map((file) => file.contents.byteLength));
  return { bytes, inputs: Object.keys(result.metafile.inputs) };
}

describe('emit keeps handler bundles small: it carries only the emitted events validators', () => {
  it('bundles emit without the full catalogue validator, in well under 100 kB', async () => {
    // Act
    const { bytes, inputs } = await bundle(['functions/events/emit.ts']);
    // Assess
    expect(inputs.some((input) => input.endsWith('emitted-validators.js'))).toBe(true);
    expect(inputs.some((input) => input.endsWith('catalogue-validators.js'))).toBe(false);
    expect(bytes).toBeLessThan(100_000);
  });

  it('no handler imports the full catalogue validator', async () => {
    // Prepare
    const handlers = readdirSync(path.join(projectRoot, 'functions/handlers'))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => `functions/handlers/${file}`);
    // Act
    const { inputs } = await bundle(handlers);
    // Assess
    expect(handlers.length).toBeGreaterThan(10);
    expect(inputs.some((input) => input.endsWith('catalogue-validators.js'))).toBe(false);
  });
});

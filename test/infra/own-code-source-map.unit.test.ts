import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaBundlingOptions } from '../../infra/constructs/bundling-options.js';
import {
  isPackageSource,
  keepOwnCodeMappings,
  type SourceMapV3,
} from '../../infra/constructs/own-code-source-map.js';
import { projectRoot } from '../../schemas/project-root.js';

type Entry = ReturnType<SourceMap['findEntry']>;
/** Node's type asks for fields (file, sourceRoot) that esbuild's maps leave out and Node does not need. */
const nodeSourceMap = (map: SourceMapV3) => new SourceMap(map as unknown as SourceMapPayload);
const sourceOf = (entry: Entry) => ('originalSource' in entry ? entry.originalSource : undefined);

describe('a bundle’s source map keeps the mappings of the service’s own code and nothing else', () => {
  let code: string;
  let full: SourceMapV3;
  let trimmed: SourceMapV3;

  beforeAll(async () => {
    // Prepare: a function bundled with the stack's esbuild options
    const result = await build({
      ...lambdaBundlingOptions.esbuild,
      entryPoints: [path.join(projectRoot, 'functions/handlers/get-account-summary.ts')],
      outdir: path.join(projectRoot, '.local/own-code-map-test'),
      write: false,
      logLevel: 'error',
    });
    code = result.outputFiles.find((file) => file.path.endsWith('.js') || file.path.endsWith('.mjs'))!.text;
    full = JSON.parse(result.outputFiles.find((file) => file.path.endsWith('.map'))!.text);

    // Act
    trimmed = keepOwnCodeMappings(full);
  });

  it('every position of own code maps to the same file, line and column as before', () => {
    // Prepare
    const before = nodeSourceMap(full);
    const after = nodeSourceMap(trimmed);
    const lines = code.split('\n');
    let ownPositions = 0;
    let packagePositions = 0;

    // Act & Assess: every 7th column of the bundle
    for (let line = 0; line < lines.length; line++) {
      for (let column = 0; column < lines[line]!.length; column += 7) {
        const was = before.findEntry(line, column);
        const is = after.findEntry(line, column);
        const source = sourceOf(was);
        if (source === undefined) continue;
        if (isPackageSource(source)) {
          packagePositions++;
          expect(sourceOf(is)).toBeUndefined();
        } else {
          ownPositions++;
          expect(is).toEqual(was);
        }
      }
    }
    expect(ownPositions).toBeGreaterThan(100);
    expect(packagePositions).toBeGreaterThan(ownPositions);
  });

  it('names only the sources and identifiers its mappings use, none from node_modules', () => {
    // Assess
    expect(trimmed.sources.length).toBeGreaterThan(5);
    expect(trimmed.sources.filter(isPackageSource)).toEqual([]);
    expect(trimmed.sources).toContain('../../functions/handlers/get-account-summary.ts');
    expect(trimmed.names.length).toBeLessThan(full.names.length);
    expect(trimmed.mappings.length).toBeLessThan(full.mappings.length / 3);
  });

  it('keeps the map’s other fields and leaves a map without package code as it was', () => {
    // Prepare
    const ownOnly = keepOwnCodeMappings(trimmed);

    // Assess
    expect(trimmed.version).toBe(3);
    expect(ownOnly).toEqual(trimmed);
  });
});

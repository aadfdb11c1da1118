import { describe, expect, it } from 'vitest';
import type { GeneratedFile } from '../../schemas/build/generated-file.js';
import { checkGenerated, generateAll, projectRoot, staleFiles } from '../../schemas/generate.js';

/**
 * What the generators produce, generated once for the file's tests (seconds); those that
 * synthesize the CDK stack are checked by test/infra/function-access-docs.test.ts.
 */
let generated: Promise<GeneratedFile[]> | undefined;
const allGenerated = () => {
  generated ??= generateAll(projectRoot, { stack: false });
  return generated;
};

describe('Generated files are never stale (run npm run generate after changing a source)', () => {
  it('every file the generators produce (request validators, event schemas, types, validators, docs) matches the disk', async () => {
    // Act
    const files = await allGenerated();
    // Assess
    expect(files.some((file) => file.path.startsWith('schemas/events/'))).toBe(true);
    expect(files.some((file) => file.path.startsWith('functions/validation/generated/'))).toBe(true);
    expect(new Set(files.map((file) => file.path)).size).toBe(files.length);
    expect(staleFiles(projectRoot, files)).toEqual([]);
  });

  it('reports a file whose content differs from what the generators produce, or that is missing', () => {
    // Prepare
    const page = 'schemas/events/README.md';
    // Act / Assess
    expect(staleFiles(projectRoot, [{ path: page, content: '# not the generated page\n' }])).toEqual([page]);
    expect(staleFiles(projectRoot, [{ path: 'schemas/events/missing.json', content: '{}' }])).toEqual([
      'schemas/events/missing.json',
    ]);
  });
});

describe('generate --check reports files in the generated directories that no generator produces', () => {
  it('this project has no orphan in its generated directories', async () => {
    // Act
    const { orphans } = checkGenerated(projectRoot, await allGenerated());
    // Assess
    expect(orphans).toEqual([]);
  });
});

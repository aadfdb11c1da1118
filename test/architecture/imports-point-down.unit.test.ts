import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The project's layers, lowest first: `schemas/` (request and event schemas), `functions/` (what
 * runs in Lambda), then `client/` (the API client and the ETL CLI) and `infra/` (the stack, the
 * local runtime, the operator CLI), which both build on `functions/`. An import runs down, never
 * back up: a function bundle must never carry the local runtime or the client, and the schemas the
 * generators read must not depend on the code generated from them.
 */
const root = path.resolve(import.meta.dirname, '../..');

/** The top-level folders each layer may not import from. */
const NOT_FROM: Record<string, readonly string[]> = {
  schemas: ['functions', 'client', 'test'],
  functions: ['infra', 'client', 'test'],
  client: ['infra', 'test'],
};

/** Module specifiers of static imports, re-exports, side-effect imports and dynamic `import()`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\1/g;

function specifiersOf(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((match) => match[2] as string);
}

/** The top-level folder a relative specifier in `file` reaches (undefined for a package). */
function folderReached(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.relative(root, path.resolve(path.dirname(file), specifier));
  return target.split(path.sep)[0];
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|js|mjs)$/.test(name) && !name.split(path.sep).includes('node_modules'))
    .map((name) => path.join(root, folder, name));
}

/** Every import of `folder` that reaches a folder it may not import from, as `file → specifier`. */
function importsBackUp(folder: string): string[] {
  const forbidden = NOT_FROM[folder] ?? [];
  return sourceFiles(folder).flatMap((file) =>
    specifiersOf(readFileSync(file, 'utf8'))
      .filter((specifier) => forbidden.includes(folderReached(file, specifier) ?? ''))
      .map((specifier) => `${path.relative(root, file)} → ${specifier}`),
  );
}

describe('Rule: imports point down — functions/ imports nothing from infra/ or client/, schemas/ nothing from functions/', () => {
  it.each(Object.keys(NOT_FROM))('%s/ imports nothing from a layer above it', (folder) => {
    // Act
    const found = importsBackUp(folder);
    // Assess
    expect(found).toEqual([]);
  });
});

describe('Rule: the scan sees every form of import', () => {
  it('finds static, type-only, re-exported, side-effect and dynamic imports, and the folder each reaches', () => {
    // Prepare
    const file = path.join(root, 'functions/use-cases/example.ts');
    const text = [
      "import { a } from '../../infra/local/runtime.js';",
      "import type { B } from '../../client/retry-policy.js';",
      "export { c } from '../rules/c.js';",
      "import '../../infra/side-effect.js';",
      "const d = await import('../../client/etl/cli.js');",
      "import { e } from '@aws-sdk/client-sqs';",
    ].join('\n');
    // Act
    const reached = specifiersOf(text).map((specifier) => folderReached(file, specifier));
    // Assess
    expect(reached).toEqual(['infra', 'client', 'functions', 'infra', 'client', undefined]);
  });

  it('scans the files of every layer (the scan is not empty)', () => {
    // Act
    const counts = Object.keys(NOT_FROM).map((folder) => sourceFiles(folder).length);
    // Assess
    for (const count of counts) expect(count).toBeGreaterThan(10);
  });
});

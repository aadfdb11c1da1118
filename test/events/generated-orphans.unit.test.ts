import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkGenerated, generatedDirectories } from '../../schemas/generate.js';

/** A project tree in a temporary directory holding the given files. */
function projectWith(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'generated-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

describe('generate --check reports files in the generated directories that no generator produces', () => {
  it('reports a stale event schema and a stale functions/*/generated file, and nothing a generator produces', () => {
    // Prepare
    const produced = [
      { path: 'schemas/events/a.created/v1.json', content: '{}' },
      { path: 'functions/events/generated/validators.js', content: '' },
    ];
    const root = projectWith({
      ...Object.fromEntries(produced.map((file) => [file.path, file.content])),
      'schemas/events/a.removed/v1.json': '{}',
      'functions/handlers/generated/old-validator.js': '',
    });
    // Act
    const { stale, orphans } = checkGenerated(root, produced);
    // Assess
    expect(stale).toEqual([]);
    expect(orphans).toEqual([
      'functions/handlers/generated/old-validator.js',
      'schemas/events/a.removed/v1.json',
    ]);
  });

  it('leaves alone the hand-written request schemas beside the generated documents, and files outside', () => {
    // Prepare
    const produced = [{ path: 'schemas/api/account.json', content: '{}' }];
    const root = projectWith({
      'schemas/api/account.json': '{}',
      'schemas/api/account.schema.ts': 'export {};',
      'schemas/api/old.json': '{}',
      'functions/store/keys.ts': 'export {};',
    });
    // Act
    const { orphans } = checkGenerated(root, produced);
    // Assess
    expect(orphans).toEqual(['schemas/api/old.json']);
  });

  it('finds every generated directory of this project under functions/', () => {
    // Act
    const directories = generatedDirectories().map((entry) => entry.directory);
    // Assess
    expect(directories).toEqual(
      expect.arrayContaining([
        'schemas/events',
        'schemas/api',
        'functions/events/generated',
        'functions/validation/generated',
      ]),
    );
  });
});

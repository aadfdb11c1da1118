import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentationFiles } from './support/documentation-files.js';
import { projectRoot } from './support/project-files.js';
import { shellBlocks } from './support/shell-blocks.js';

/** Every `node -e '…'` of the docs that reads the token mutation's answer from stdin. */
const snippets = documentationFiles().flatMap((file) =>
  shellBlocks(file, readFileSync(path.join(projectRoot, file), 'utf8')).flatMap((block) =>
    [...block.text.matchAll(/node -e '([^']*obtainServiceToken[^']*)'/g)].map((match) => ({
      at: `${file}:${block.line}`,
      script: match[1] as string,
    })),
  ),
);

const run = (script: string, answer: unknown) =>
  spawnSync(process.execPath, ['-e', script], { input: JSON.stringify(answer), encoding: 'utf8' });

describe('Rule: the docs’ token one-liner prints the token, or the reason a key was refused, and never crashes', () => {
  it('finds the one-liner in the docs', () => {
    expect(snippets.length).toBeGreaterThan(0);
  });

  it.each(snippets)('$at prints the token of an answer that has one', ({ script }) => {
    // Act
    const result = run(script, { data: { obtainServiceToken: { token: 'eyJ.token' } } });
    // Assess
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe('eyJ.token');
  });

  it.each(snippets)('$at prints the error message of a refused key and exits 1', ({ script }) => {
    // Act
    const result = run(script, {
      data: { obtainServiceToken: null },
      errors: [{ message: 'The API key is not valid: …', extensions: { errorCode: 'invalid_api_key' } }],
    });
    // Assess
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe('The API key is not valid: …');
  });
});

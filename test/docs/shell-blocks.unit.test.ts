import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentationFiles } from './support/documentation-files.js';
import { projectRoot } from './support/project-files.js';
import { curlCalls, shellBlocks } from './support/shell-blocks.js';

const allBlocks = documentationFiles().flatMap((file) =>
  shellBlocks(file, readFileSync(path.join(projectRoot, file), 'utf8')),
);

describe('Rule: a shell block runs unless a marker with a reason says why not', () => {
  it('reads sh, bash and shell blocks, indented ones too, and the skip marker above a fence', () => {
    // Prepare
    const page = [
      '```sh',
      'echo one',
      '```',
      '',
      '<!-- doc-runner: skip (deploys to AWS) -->',
      '',
      '```bash',
      'npx cdk deploy',
      '```',
      '',
      '- a list item',
      '',
      '  ```shell',
      '  echo indented',
      '  ```',
      '',
      '```json',
      '{}',
      '```',
    ].join('\n');

    // Act
    const blocks = shellBlocks('page.md', page);

    // Assess
    expect(blocks.map(({ line, text, skip }) => ({ line, text, skip }))).toEqual([
      { line: 1, text: 'echo one\n', skip: undefined },
      { line: 7, text: 'npx cdk deploy\n', skip: 'deploys to AWS' },
      { line: 13, text: 'echo indented\n', skip: undefined },
    ]);
  });

  it('gives every skip marker of the docs a reason', () => {
    // Assess
    expect(
      allBlocks.filter((block) => block.badMarker).map((block) => `${block.file}:${block.line}`),
    ).toEqual([]);
  });
});

describe('Rule: a curl example shows the status the docs promise', () => {
  it('finds each curl, whether its output is seen, whether it prints its status and the status its comment promises', () => {
    // Prepare
    const text = [
      `TOKEN=$(curl -s "$URL/v1/graphql/" -d '{"query": "…"}' | node -e 'x')`,
      `curl -s -w '\\n%{http_code}\\n' "$URL/a" \\`,
      `  -d '{"a":`,
      `  1}'`,
      '# 201 {"a":1}',
      'curl -si "$URL/b"',
      '# HTTP/1.1 200 OK',
      'curl -s "$URL/c"',
    ].join('\n');

    // Act
    const calls = curlCalls(text);

    // Assess
    expect(
      calls.map(({ line, consumed, showsStatus, expected }) => ({ line, consumed, showsStatus, expected })),
    ).toEqual([
      { line: 1, consumed: true, showsStatus: false, expected: undefined },
      { line: 2, consumed: false, showsStatus: true, expected: 201 },
      { line: 6, consumed: false, showsStatus: true, expected: 200 },
      { line: 8, consumed: false, showsStatus: false, expected: undefined },
    ]);
  });

  it('every curl of the docs whose output a reader sees prints its status and is followed by the status it should get', () => {
    // Act
    const lacking = allBlocks.flatMap((block) =>
      curlCalls(block.text)
        .filter((call) => !call.consumed && (!call.showsStatus || call.expected === undefined))
        .map((call) => `${block.file}:${block.line + call.line}`),
    );
    // Assess
    expect(lacking).toEqual([]);
  });
});

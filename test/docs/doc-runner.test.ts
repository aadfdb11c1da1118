import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPage } from './support/doc-shell.js';
import { documentationFiles } from './support/documentation-files.js';
import { projectRoot } from './support/project-files.js';
import { curlCalls, shellBlocks } from './support/shell-blocks.js';

/**
 * The doc-runner: every shell block of README.md and docs/ that a reader runs is run here, page
 * by page, as written, against the test run's local runtime (test/docs/support/doc-shell.ts says
 * what differs from a reader's terminal). A page passes when every block exits 0 and every curl
 * that promises a status (a `# NNN` comment after it) ran and got it, and it leaves the tree
 * clean: nothing it wrote is outside the directories git ignores (scratch files go under
 * `.local/`, which a block creates where it needs it). Blocks marked
 * `<!-- doc-runner: skip (reason) -->` do not run (test/docs/shell-blocks.unit.test.ts checks
 * the markers and the curl examples).
 */

/** `DOC_RUNNER_PAGES=etl-cli,README` runs only the pages whose path contains one of these. */
const only = process.env.DOC_RUNNER_PAGES?.split(',').filter(Boolean);

const pages = documentationFiles()
  .filter((file) => !only || only.some((part) => file.includes(part)))
  .map((file) => ({ file, blocks: shellBlocks(file, readFileSync(path.join(projectRoot, file), 'utf8')) }))
  .map(({ file, blocks }) => ({ file, blocks: blocks.filter((block) => !block.skip) }))
  .filter(({ blocks }) => blocks.length > 0);

describe.concurrent('Rule: every shell block of README.md and docs/ runs as written against the local runtime', () => {
  it.each(pages)('$file', async ({ file, blocks }) => {
    // Act
    const run = await runPage(blocks, process.env);

    // Assess
    const where = run.lastBlock ? `${file}:${run.lastBlock}` : file;
    expect(run.code, `${where} stopped with exit code ${run.code}:\n${run.output.slice(-4000)}`).toBe(0);
    expect(run.leftBehind, `${file} left files outside .local/ (git would list them untracked)`).toEqual([]);
    for (const block of blocks) {
      for (const call of curlCalls(block.text)) {
        if (call.expected === undefined) continue;
        const at = `${file}:${block.line + call.line}`;
        const key = `${block.line}:${call.line}`;
        expect(run.statuses.has(key), `${at}: this curl never ran`).toBe(true);
        expect(
          run.statuses.get(key),
          `${at}: the page promises ${call.expected}\n${run.output.slice(-3000)}`,
        ).toBe(call.expected);
      }
    }
  });
}, 300_000);

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesMatching, projectRoot, repositoryFiles } from './project-files.js';

interface MarkdownLintSettings {
  globs: string[];
  ignores: string[];
}

/**
 * The Markdown files the docs checks cover, read from `.markdownlint-cli2.jsonc` so the lint and
 * the link check always look at the same files (README.md and every page of docs/).
 */
export function documentationSettings(root = projectRoot): MarkdownLintSettings {
  const text = readFileSync(path.join(root, '.markdownlint-cli2.jsonc'), 'utf8');
  const json = text
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
  const { globs, ignores } = JSON.parse(json) as MarkdownLintSettings;
  return { globs, ignores };
}

export function documentationFiles(root = projectRoot): string[] {
  const { globs, ignores } = documentationSettings(root);
  return filesMatching(repositoryFiles(root), globs, ignores).filter((file) => file.endsWith('.md'));
}

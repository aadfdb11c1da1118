import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesMatching, projectRoot, repositoryFiles } from './project-files.js';

/** The files the citation check reads: every tracked file of the repository. */
export const DESIGN_CITATION_SCAN_GLOBS: readonly string[] = ['**'];

/** Binary and generated data the scan never reads. */
const NOT_TEXT = /\.(png|jpe?g|gif|ico|pdf|zip|gz|jar|woff2?)$/i;

/**
 * What counts as a citation of the project's external design file or of an issue tracker:
 * the file's name, the word design followed by a section sign (with or without `.md`), and
 * the word issue followed by a number (with or without `#`).
 * `table-design.md` is a page of this project and not a citation.
 */
const CITATION_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'design file', pattern: /(?<![\w-])design\.md\b/i },
  { name: 'design section', pattern: /(?<![\w-])design(?:\.md)?\s*§/i },
  { name: 'issue number', pattern: /\bissues?\s+#?\d+\b/i },
];

export interface Citation {
  file: string;
  line: number;
  kind: string;
  text: string;
}

/** Every citation in one text, with its 1-based line number. */
export function citationsIn(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    for (const { name, pattern } of CITATION_PATTERNS) {
      if (pattern.test(line)) found.push({ file, line: index + 1, kind: name, text: line.trim() });
    }
  }
  return found;
}

/** Every citation in the repository files the globs select. */
export function scanForDesignCitations(
  globs: readonly string[] = DESIGN_CITATION_SCAN_GLOBS,
  root = projectRoot,
): Citation[] {
  return filesMatching(repositoryFiles(root), globs)
    .filter((file) => !NOT_TEXT.test(file))
    .flatMap((file) => {
      try {
        return citationsIn(file, readFileSync(path.join(root, file), 'utf8'));
      } catch {
        return []; // listed but absent (deleted in the work tree)
      }
    });
}

import { describe, expect, it } from 'vitest';
import {
  citationsIn,
  DESIGN_CITATION_SCAN_GLOBS,
  scanForDesignCitations,
} from './support/design-citations.js';

// Built from parts so that this file never contains a citation itself.
const DESIGN_FILE = ['design', 'md'].join('.');
const SECTION = '\u00a7';

describe('No file of the project cites the external design file or an issue number', () => {
  it('no tracked file cites them: code, tests and docs say it in their own words', () => {
    // Act
    const citations = scanForDesignCitations(DESIGN_CITATION_SCAN_GLOBS);
    // Assess
    expect(citations.map((c) => `${c.file}:${c.line} (${c.kind}) ${c.text}`)).toEqual([]);
  });

  it('the scan covers every tracked file of the repository', () => {
    // Assess
    expect(DESIGN_CITATION_SCAN_GLOBS).toEqual(['**']);
  });
});

describe('What counts as a citation', () => {
  it('the design file by name, a design section, an issue number, each with its line', () => {
    // Prepare
    const text = [
      'Clean line.',
      `As ${DESIGN_FILE} says.`,
      `Order of checks (design ${SECTION}3.5a).`,
      `Fixed in issue #${12}, see also Issue ${7}.`,
    ].join('\n');
    // Act
    const citations = citationsIn('x.md', text);
    // Assess
    expect(citations.map((c) => [c.line, c.kind])).toEqual([
      [2, 'design file'],
      [3, 'design section'],
      [4, 'issue number'],
    ]);
  });

  it('a page named table-design.md, the word design, and field names like issue_id are not citations', () => {
    // Prepare
    const text = ['See [table design](table-design.md).', 'A good design.', '| `issue_id` | integer |'].join(
      '\n',
    );
    // Act / Assess
    expect(citationsIn('x.md', text)).toEqual([]);
  });
});

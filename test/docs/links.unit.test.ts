import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentationFiles, documentationSettings } from './support/documentation-files.js';
import { anchorsOf, brokenLinks, headingSlug, linksIn } from './support/markdown-links.js';
import { projectRoot } from './support/project-files.js';

describe('Every relative link and #anchor in README.md and docs/ resolves', () => {
  it('the README and every page of docs/ have no broken link', () => {
    // Prepare
    const files = documentationFiles(projectRoot);
    // Act
    const broken = brokenLinks(projectRoot, files);
    // Assess
    expect(files).toContain('README.md');
    expect(files.some((file) => file.startsWith('docs/api/'))).toBe(true);
    expect(broken.map((link) => `${link.file}:${link.line} ${link.target}: ${link.reason}`)).toEqual([]);
  });

  it('the link check and the markdown lint cover the same files: the README and all of docs/', () => {
    // Act
    const { globs, ignores } = documentationSettings(projectRoot);
    // Assess
    expect(globs).toEqual(expect.arrayContaining(['README.md', 'docs/**/*.md']));
    expect(ignores.filter((pattern) => pattern.startsWith('docs/'))).toEqual([]);
  });
});

describe('Anchors follow GitHub heading slugs', () => {
  it('lower case, punctuation removed, spaces to hyphens, code spans and links reduced to text', () => {
    // Act / Assess
    expect(headingSlug('Deploying to AWS (CDK)')).toBe('deploying-to-aws-cdk');
    expect(headingSlug('Environments (`infra/config/environments.ts`)')).toBe(
      'environments-infraconfigenvironmentsts',
    );
    expect(headingSlug('Errors: one shape everywhere')).toBe('errors-one-shape-everywhere');
    expect(headingSlug('An ETL gets many 503 `service_unavailable`')).toBe(
      'an-etl-gets-many-503-service_unavailable',
    );
    expect(headingSlug('Lists (endpoints 6–8)')).toBe('lists-endpoints-68');
    expect(headingSlug('[Table design](x.md) and more')).toBe('table-design-and-more');
  });

  it('a repeated heading gets -1, -2; headings inside code blocks are no anchors', () => {
    // Prepare
    const markdown = ['# Title', '## Setup', '## Setup', '```sh', '# not a heading', '```', '## Setup'].join(
      '\n',
    );
    // Act
    const anchors = anchorsOf(markdown);
    // Assess
    expect([...anchors]).toEqual(['title', 'setup', 'setup-1', 'setup-2']);
  });
});

describe('A broken link or anchor is reported, an external one is not fetched', () => {
  it('reports a missing file, a missing anchor on another page and on the same page; ignores http and code', () => {
    // Prepare
    const root = mkdtempSync(path.join(tmpdir(), 'docs-links-'));
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs/target.md'), '# Target\n\n## Known section\n');
    writeFileSync(
      path.join(root, 'README.md'),
      [
        '# Readme',
        '[ok](docs/target.md#known-section) [ok too](#readme) [web](https://example.com/#nothing)',
        '[missing file](docs/absent.md) [missing anchor](docs/target.md#unknown)',
        '[missing here](#nowhere) `[in code](docs/absent.md)`',
        '```md',
        '[in a fence](docs/absent.md)',
        '```',
        '[defined]: docs/also-absent.md',
      ].join('\n'),
    );
    // Act
    const broken = brokenLinks(root, ['README.md']);
    // Assess
    expect(broken.map((link) => [link.line, link.target])).toEqual([
      [3, 'docs/absent.md'],
      [3, 'docs/target.md#unknown'],
      [4, '#nowhere'],
      [8, 'docs/also-absent.md'],
    ]);
  });

  it('reads inline links with titles and angle brackets', () => {
    // Act
    const links = linksIn('a.md', '[a](b.md "title") and [c](<d.md>)');
    // Assess
    expect(links.map((link) => link.target)).toEqual(['b.md', 'd.md']);
  });
});

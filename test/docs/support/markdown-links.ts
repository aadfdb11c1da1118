import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Relative links and `#anchors` of Markdown files, resolved as GitHub renders them. External
 * links (any `scheme:`) are not followed: the check needs no network.
 */

export interface MarkdownLink {
  file: string;
  line: number;
  target: string;
}

export interface BrokenLink extends MarkdownLink {
  reason: string;
}

/** Fenced code blocks and inline code spans hold no links: blank them out, keeping line breaks. */
export function withoutCode(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  const kept = lines.map((line) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length));
  });
  return kept.join('\n');
}

/** Inline links and images `[text](target "title")` and reference definitions `[id]: target`. */
export function linksIn(file: string, markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const [index, line] of withoutCode(markdown).split('\n').entries()) {
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ file, line: index + 1, target: match[1] as string });
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
    if (definition) links.push({ file, line: index + 1, target: definition[1] as string });
  }
  return links;
}

/**
 * GitHub's heading anchor: the heading's text (code spans and links reduced to their text),
 * lower case, every character that is not a letter, mark, number, connector (`_`), space or
 * hyphen removed, spaces turned into hyphens. Repeats get `-1`, `-2`, … in document order.
 */
export function headingSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor a Markdown file offers: its headings' slugs and explicit `id`/`name` attributes. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const lines = markdown.split('\n');
  let fence: string | undefined;
  for (const line of lines) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+\s*)?$/.exec(line);
    if (heading) {
      const slug = headingSlug(heading[1] as string);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(match[1] as string);
  }
  return anchors;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** Checks one link of `file` (relative to `root`); undefined when it resolves. */
export function brokenReason(root: string, link: MarkdownLink): string | undefined {
  if (EXTERNAL.test(link.target)) return undefined;
  const hashAt = link.target.indexOf('#');
  const rawPath = hashAt === -1 ? link.target : link.target.slice(0, hashAt);
  const anchor = hashAt === -1 ? undefined : decodeURIComponent(link.target.slice(hashAt + 1));
  let target = path.join(root, link.file);
  if (rawPath !== '') {
    const decoded = decodeURIComponent(rawPath.split('?')[0] as string);
    target = decoded.startsWith('/')
      ? path.join(root, decoded)
      : path.resolve(path.dirname(path.join(root, link.file)), decoded);
    if (
      !path
        .relative(root, target)
        .split(path.sep)
        .every((part) => part !== '..')
    ) {
      return 'points outside the repository';
    }
    if (!existsSync(target)) return `no such file: ${path.relative(root, target)}`;
  }
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(target).isDirectory()) target = path.join(target, 'README.md');
  if (!target.endsWith('.md') || !existsSync(target))
    return `anchor #${anchor} on a file that is not Markdown`;
  if (!anchorsOf(readFileSync(target, 'utf8')).has(anchor)) {
    return `no heading with anchor #${anchor} in ${path.relative(root, target)}`;
  }
  return undefined;
}

/** Every broken relative link or anchor of the given Markdown files. */
export function brokenLinks(root: string, files: readonly string[]): BrokenLink[] {
  return files.flatMap((file) =>
    linksIn(file, readFileSync(path.join(root, file), 'utf8')).flatMap((link) => {
      const reason = brokenReason(root, link);
      return reason ? [{ ...link, reason }] : [];
    }),
  );
}

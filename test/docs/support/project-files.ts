import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (test/docs/support → ../../..). */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * A glob as git and GitHub write them: `**` any number of path segments, `*` any characters
 * within one segment, `?` one character. `docs/**` matches every file under docs/.
 */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] as string;
    if (char === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Files git tracks or would track (untracked but not ignored), relative to the root. */
export function repositoryFiles(root = projectRoot): string[] {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(output.split('\0').filter(Boolean))].sort();
}

/** Files git does not track and does not ignore, relative to the root (`git status`'s untracked). */
export function untrackedFiles(root = projectRoot): string[] {
  const output = execFileSync('git', ['ls-files', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return output.split('\0').filter(Boolean).sort();
}

/** The repository files matching any of `include` and none of `exclude`. */
export function filesMatching(
  files: readonly string[],
  include: readonly string[],
  exclude: readonly string[] = [],
): string[] {
  const included = include.map(globToRegExp);
  const excluded = exclude.map(globToRegExp);
  return files.filter(
    (file) => included.some((glob) => glob.test(file)) && !excluded.some((glob) => glob.test(file)),
  );
}

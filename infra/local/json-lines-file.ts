import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The JSON-lines files the local runtime keeps: the events file, each rule's target file and each
 * subscriber's file. One value a line; the runtime appends while others read.
 */

/** Appends each value as one JSON line, creating the folder on the first write. */
export function appendLines(file: string, values: readonly unknown[]): void {
  if (values.length === 0) return;
  const lines = values.map((value) => `${JSON.stringify(value)}\n`).join('');
  try {
    appendFileSync(file, lines);
  } catch (error) {
    // The folder is created on the first write only (not checked before every append).
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, lines);
  }
}

/**
 * The values of a file's finished lines; none when the file does not exist yet. A writer may be
 * appending right now, so a last line without its `\n` is left for the next read.
 */
export function readLines<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  const content = readFileSync(file, 'utf8');
  return content
    .slice(0, content.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

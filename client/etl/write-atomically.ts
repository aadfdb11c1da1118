import { renameSync, writeFileSync } from 'node:fs';

/** Writes a file whole or not at all (a crash leaves the previous version). */
export function writeAtomically(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

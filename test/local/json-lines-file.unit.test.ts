import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendLines, readLines } from '../../infra/local/json-lines-file.js';

describe('the local runtime’s JSON-lines files', () => {
  const dirs: string[] = [];
  const newFile = () => {
    const dir = mkdtempSync(join(tmpdir(), 'json-lines-'));
    dirs.push(dir);
    return join(dir, 'nested', 'events.jsonl');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('a file that does not exist yet reads as no lines', () => {
    expect(readLines(newFile())).toEqual([]);
  });

  it('appending creates the folder and writes one value a line, read back in order', () => {
    // Prepare
    const file = newFile();

    // Act
    appendLines(file, [{ n: 1 }, { n: 2, text: 'é\n𝄞' }]);
    appendLines(file, []);
    appendLines(file, [{ n: 3 }]);

    // Assess
    expect(readLines(file)).toEqual([{ n: 1 }, { n: 2, text: 'é\n𝄞' }, { n: 3 }]);
  });

  it('a last line a writer has not finished (no newline yet) is left for the next read', () => {
    // Prepare
    const file = newFile();
    appendLines(file, [{ n: 1 }]);
    appendFileSync(file, '{"n":');

    // Act and Assess
    expect(readLines(file)).toEqual([{ n: 1 }]);
    appendFileSync(file, '2}\n');
    expect(readLines(file)).toEqual([{ n: 1 }, { n: 2 }]);
  });
});

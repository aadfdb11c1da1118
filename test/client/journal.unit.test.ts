import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal, latestResults } from '../../client/etl/journal.js';

const result = (line: number, status: 'IMPORTED' | 'FAILED') => ({
  line,
  external_account_number: `E-${line}`,
  service_account_number: null,
  status,
  errors: [],
});

describe('the journal keeps every complete entry across a crash', () => {
  it('a last line cut short by a crash is dropped, and later entries start on a line of their own', () => {
    // Prepare
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'journal-')), 'journal.ndjson');
    const first = new Journal(file);
    first.append({ line: 1, hash: 'h1', step: 'stage', ok: true });
    first.close();
    appendFileSync(file, '{"line":1,"hash":"h1","step":"pro');

    // Act
    const reopened = new Journal(file);
    reopened.append({ line: 1, hash: 'h1', result: result(1, 'IMPORTED'), final: true });
    reopened.close();

    // Assess
    expect(reopened.entries).toHaveLength(2);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).step ?? 'result')).toEqual(['stage', 'result']);
  });

  it('the latest result of each line wins, in line order', () => {
    const results = latestResults([
      { line: 2, hash: 'b', result: result(2, 'FAILED'), final: false },
      { line: 1, hash: 'a', result: result(1, 'IMPORTED'), final: true },
      { line: 2, hash: 'b', result: result(2, 'IMPORTED'), final: true },
    ]);
    expect(results.map((entry) => [entry.line, entry.result.status])).toEqual([
      [1, 'IMPORTED'],
      [2, 'IMPORTED'],
    ]);
  });
});

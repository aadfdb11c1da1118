import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const work = mkdtempSync(join(tmpdir(), 'subscribers-file-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npm start --subscribers FILE` as npm runs it (`node --import tsx infra/local/start.ts`): its exit code and output. */
function startWith(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'infra/local/start.ts', '--subscribers', file, '--port', '0'],
      { env: { ...process.env, DATA_IMPORT_EVENTS_FILE: join(work, 'events.jsonl') }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

describe('Rule: a typo in a --subscribers file stops npm start with one sentence naming the event type and the file', () => {
  it('exits 2 before starting anything, names the unknown type, the file and the nearest type, without a stack trace', async () => {
    // Prepare
    const file = join(work, 'subscribers.json');
    writeFileSync(file, JSON.stringify([{ name: 'ledger', events: ['account.craeted'] }]));
    // Act
    const { code, stdout, stderr } = await startWith(file);
    // Assess
    expect(code).toBe(2);
    expect(stdout).not.toContain('ready');
    const lines = stderr.trim().split('\n');
    expect(lines.at(-1)).toBe(
      `local runtime not started: subscribers file ${file}: subscribers[0].events[0]: "account.craeted" is not an event type of the catalogue (did you mean "account.created"?); every event type is listed in schemas/events/README.md.`,
    );
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});

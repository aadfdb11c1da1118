import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { readEvents } from '../support/events-file.js';
import { envelopeOf } from './support/envelopes.js';

const exec = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'events-replay-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The operator CLI as an operator runs it, against a local archive and subscribers directory of its own. */
async function replay(dir: string, ...args: string[]) {
  const { stdout } = await exec(
    process.execPath,
    ['--import', 'tsx', 'infra/ops/cli.ts', 'events', 'replay', ...args],
    {
      env: {
        ...process.env,
        DATA_IMPORT_EVENTS_FILE: join(dir, 'events.jsonl'),
        DATA_IMPORT_SUBSCRIBERS_DIR: join(dir, 'subscribers'),
      },
    },
  );
  return stdout;
}

function archiveOf(dir: string) {
  const at = (time: string, type: string, version: string) => envelopeOf(type, version, { time });
  const archive = {
    beforeWindow: at('2026-03-01T08:59:59Z', 'account.created', 'v1'),
    atFrom: at('2026-03-01T09:00:00Z', 'account.created', 'v1'),
    inside: at('2026-03-01T09:30:00Z', 'account.created', 'v1'),
    insideOtherType: at('2026-03-01T09:31:00Z', 'billing.ledger.entry_posted', 'v2'),
    atTo: at('2026-03-01T10:00:00Z', 'account.created', 'v1'),
  };
  writeFileSync(
    join(dir, 'events.jsonl'),
    Object.values(archive)
      .map((e) => `${JSON.stringify(e)}\n`)
      .join(''),
  );
  const subscribers = [{ name: 'replay-target', events: ['account.created'] }, { name: 'bystander' }];
  writeFileSync(join(dir, 'subscribers.json'), JSON.stringify(subscribers));
  return archive;
}

describe('Rule: a local replay re-delivers exactly the archived events of [from, to) that the subscriber matches', () => {
  it('--subscriber NAME: only that subscriber receives them, each with replay-name added', async () => {
    // Prepare
    const dir = mkdtempSync(join(work, 'one-'));
    const archive = archiveOf(dir);

    // Act
    const stdout = await replay(
      dir,
      '--from',
      '2026-03-01T09:00:00Z',
      '--to',
      '2026-03-01T10:00:00Z',
      '--subscriber',
      'replay-target',
      '--subscribers',
      join(dir, 'subscribers.json'),
      '--local',
    );

    // Assess
    const received = readEvents(join(dir, 'subscribers', 'replay-target.jsonl'));
    const replayName = stdout.match(/^(replay-\S+): 2 event\(s\) replayed to replay-target$/m)?.[1];
    expect(replayName).toMatch(/^replay-\d{8}T\d{6}Z-[0-9a-f]{6}$/);
    expect(received).toEqual([
      { ...archive.atFrom, 'replay-name': replayName },
      { ...archive.inside, 'replay-name': replayName },
    ]);
    expect(existsSync(join(dir, 'subscribers', 'bystander.jsonl'))).toBe(false);
  }, 60_000);

  it('no --subscriber: every subscriber of the file receives its own matches from the window', async () => {
    // Prepare
    const dir = mkdtempSync(join(work, 'all-'));
    const archive = archiveOf(dir);

    // Act
    await replay(
      dir,
      '--from',
      '2026-03-01T09:00:00Z',
      '--to',
      '2026-03-01T10:00:00Z',
      '--subscribers',
      join(dir, 'subscribers.json'),
      '--local',
    );

    // Assess
    const ids = (name: string) => readEvents(join(dir, 'subscribers', `${name}.jsonl`)).map((e) => e.id);
    expect(ids('replay-target')).toEqual([archive.atFrom.id, archive.inside.id]);
    expect(ids('bystander')).toEqual([archive.atFrom.id, archive.inside.id, archive.insideOtherType.id]);
  }, 60_000);

  it('an unknown subscriber, a window without a zone or a day the calendar lacks is a usage error (exit 2); nothing replayed', async () => {
    // Prepare
    const dir = mkdtempSync(join(work, 'bad-'));
    archiveOf(dir);
    const fail = (...args: string[]) =>
      replay(dir, ...args, '--subscribers', join(dir, 'subscribers.json'), '--local').then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );

    // Act
    const unknown = await fail('--from', '2026-03-01', '--to', '2026-03-02', '--subscriber', 'nobody');
    const zoneless = await fail('--from', '2026-03-01T09:00', '--to', '2026-03-02');
    const impossible = await fail('--from', '2026-02-30', '--to', '2026-03-02');
    const hour24 = await fail('--from', '2026-03-01', '--to', '2026-03-01T24:00Z');

    // Assess
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no local subscriber nobody (known: replay-target, bystander)');
    expect(zoneless.code).toBe(2);
    expect(zoneless.stderr).toContain('--from must be a date or a date-time with its zone');
    expect(impossible.code).toBe(2);
    expect(impossible.stderr).toContain('--from must be a date or a date-time with its zone');
    expect(hour24.code).toBe(2);
    expect(hour24.stderr).toContain('--to must be a date or a date-time with its zone');
    expect(existsSync(join(dir, 'subscribers'))).toBe(false);
  }, 60_000);
});

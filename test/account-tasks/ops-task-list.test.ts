import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { scheduleAccountTask } from '../../functions/use-cases/schedule-account-task.js';
import { newSupplierWithKey } from '../accounts/support/seed-processes.js';
import { stagedAccount } from '../accounts/support/store.js';
import { fromNow, HOUR } from './support.js';

const exec = promisify(execFile);

describe('Operators list the v2 tasks of a supplier per status', () => {
  it('task list CODE --status PENDING shows the pending task; an unknown status is a usage error', async () => {
    // Prepare
    const { supplier } = await newSupplierWithKey('V2OPS');
    const external = `OPS-${randomUUID()}`;
    await scheduleAccountTask({
      supplier,
      account: stagedAccount(supplier, external),
      isDryRun: false,
      window: { start: fromNow(HOUR), end: fromNow(2 * HOUR) },
      now: new Date(),
    });
    const cli = ['--import', 'tsx', 'infra/ops/cli.ts', 'task', 'list', supplier];

    // Act
    const listed = await exec(process.execPath, [...cli, '--status', 'PENDING']);
    const all = await exec(process.execPath, cli);
    const wrong = await exec(process.execPath, [...cli, '--status', 'NOPE']).catch((error) => error);

    // Assess
    expect(listed.stdout).toContain('PENDING: 1');
    expect(listed.stdout).toContain(external);
    expect(all.stdout).toContain('PROCESSED: 0');
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('--status must be one of');
  });
});

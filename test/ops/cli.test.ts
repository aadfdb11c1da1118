import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ops } from './support/ops-cli.js';

const code = () => `OPS${randomBytes(4).toString('hex').toUpperCase()}`;

describe('Rule: operators manage import suppliers with the CLI', () => {
  it('supplier put creates a supplier that supplier list then shows with its status, root and expiry window', async () => {
    // Prepare
    const supplier = code();
    // Act
    const put = await ops(
      'supplier',
      'put',
      supplier,
      '--status',
      'Paused',
      '--root-location',
      'migrations/ops',
      '--expiry-days',
      '12',
    );
    const listed = await ops('supplier', 'list');
    // Assess
    expect(put.code).toBe(0);
    expect(listed.code).toBe(0);
    const row = listed.stdout.split('\n').find((line) => line.includes(supplier)) ?? '';
    expect(row).toContain('Paused');
    expect(row).toContain('migrations/ops');
    expect(row).toContain('12');
  }, 60_000);

  it('supplier set-status changes the status; an unknown supplier fails (exit 1), an unknown status is a usage error (exit 2)', async () => {
    // Prepare
    const supplier = code();
    await ops('supplier', 'put', supplier, '--status', 'Ongoing', '--root-location', 'x');
    // Act
    const changed = await ops('supplier', 'set-status', supplier, 'Complete');
    const unknownSupplier = await ops('supplier', 'set-status', code(), 'Paused');
    const badStatus = await ops('supplier', 'set-status', supplier, 'Finished');
    // Assess
    expect(changed.code).toBe(0);
    expect((await ops('supplier', 'list')).stdout.split('\n').find((l) => l.includes(supplier))).toContain(
      'Complete',
    );
    expect(unknownSupplier.code).toBe(1);
    expect(badStatus.code).toBe(2);
    expect(badStatus.stderr).toContain('Ongoing, Paused, Complete');
  }, 60_000);
});

describe('Rule: the CLI explains itself', () => {
  it('--help lists every command and exits 0; an unknown command or option is a usage error (exit 2)', async () => {
    // Act
    const help = await ops('--help');
    const unknown = await ops('frobnicate');
    const unknownOption = await ops('supplier', 'list', '--frobnicate');
    // Assess
    expect(help.code).toBe(0);
    for (const command of [
      'supplier put',
      'supplier set-status',
      'supplier list',
      'api-key create',
      'api-key revoke',
      'api-key list',
      'apply FILE',
      'reference-data load FILE.json',
      'reference-data show [KIND]',
    ]) {
      expect(help.stderr).toContain(command);
    }
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage: npm run ops');
    expect(unknownOption.code).toBe(2);
    expect(unknownOption.stderr).toContain("Unknown option '--frobnicate'");
  }, 60_000);
});

describe('Rule: api-key create never changes an organisation’s scope silently', () => {
  const organisation = () => `ops-org-${randomBytes(4).toString('hex')}`;

  it('issues a key for a new organisation with the suppliers asked for, saying plainly that the key was made', async () => {
    // Prepare
    const name = organisation();
    // Act
    const created = await ops('api-key', 'create', '--organisation', name, '--suppliers', 'ACME,GLOBEX');
    // Assess
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain(`API key issued for organisation ${name}`);
    expect(created.stdout).toContain('It acts for: ACME, GLOBEX');
    expect(created.stdout).toMatch(/API key \(shown once, store it securely\): \S+/);
    expect(created.stdout).not.toContain('need no API key');
  }, 60_000);

  it('refuses another scope for an existing organisation (exit 2, no key) and keeps the one it had', async () => {
    // Prepare
    const name = organisation();
    await ops('api-key', 'create', '--organisation', name, '--suppliers', 'ACME,GLOBEX');
    // Act
    const narrowed = await ops('api-key', 'create', '--organisation', name, '--suppliers', 'ACME');
    const listed = await ops('api-key', 'list');
    // Assess
    expect(narrowed.code).toBe(2);
    expect(narrowed.stderr).toContain('no key issued');
    expect(narrowed.stderr).toContain('--replace-scope');
    expect(narrowed.stdout).not.toContain('API key (shown once');
    const rows = listed.stdout.split('\n').filter((line) => line.includes(name));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('ACME,GLOBEX');
  }, 60_000);

  it('issues a key with the current scope when --suppliers is left out', async () => {
    // Prepare
    const name = organisation();
    await ops('api-key', 'create', '--organisation', name, '--suppliers', 'ACME,GLOBEX');
    // Act
    const second = await ops('api-key', 'create', '--organisation', name);
    // Assess
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('It acts for: ACME, GLOBEX');
  }, 60_000);

  it('changes the scope of every key of the organisation only with --replace-scope, and says so', async () => {
    // Prepare
    const name = organisation();
    await ops('api-key', 'create', '--organisation', name, '--suppliers', 'ACME,GLOBEX');
    // Act
    const replaced = await ops(
      'api-key',
      'create',
      '--organisation',
      name,
      '--suppliers',
      'ACME',
      '--replace-scope',
    );
    const listed = await ops('api-key', 'list');
    // Assess
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toContain(`Scope of ${name} changed from ACME, GLOBEX to ACME`);
    const rows = listed.stdout.split('\n').filter((line) => line.includes(name));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).not.toContain('GLOBEX');
  }, 60_000);
});

describe('Rule: an ops command prints only its own output', () => {
  it('prints no SDK Node-version warning', async () => {
    // Act
    const listed = await ops('supplier', 'list');
    // Assess
    expect(listed.code).toBe(0);
    expect(listed.stderr).not.toContain('NodeVersionSupportWarning');
  }, 60_000);
});

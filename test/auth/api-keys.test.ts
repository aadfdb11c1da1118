import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Command } from '../../infra/ops/commands/command.js';
import { authorization, obtainServiceToken } from '../support/auth.js';
import { api } from '../support/http.js';

/**
 * API keys and the operator CLI, against the local runtime's DynamoDB Local:
 * keys are printed once, stored only as hashes, listed without secrets, revocable.
 */
let commands: Command[];
let hashSecret: (secret: string) => string;
let applySeed: typeof import('../../infra/ops/seed.js').applySeed;
let parseSeed: typeof import('../../infra/ops/seed.js').parseSeed;
let putRefreshToken: typeof import('../../functions/store/refresh-token-store.js').putRefreshToken;
let store: typeof import('../../functions/store/dynamodb.js');

beforeAll(async () => {
  ({ apiKeyCommands: commands } = await import('../../infra/ops/commands/api-key.js'));
  ({ hashSecret } = await import('../../functions/auth/credentials.js'));
  ({ applySeed, parseSeed } = await import('../../infra/ops/seed.js'));
  ({ putRefreshToken } = await import('../../functions/store/refresh-token-store.js'));
  store = await import('../../functions/store/dynamodb.js');
});

afterEach(() => {
  vi.restoreAllMocks();
});

const STATUS_PATH = '/v1/data-import/account-transfer-status/GLOBEX/NOPE/';

/** Runs `api-key <words>` and returns its exit code and what it printed. */
async function cli(words: string, values: Record<string, string | boolean> = {}, positionals: string[] = []) {
  const printed: string[] = [];
  const capture = (...args: unknown[]) => {
    printed.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
  };
  vi.spyOn(console, 'log').mockImplementation(capture);
  vi.spyOn(console, 'error').mockImplementation(capture);
  vi.spyOn(console, 'table').mockImplementation((rows: unknown) => {
    for (const row of rows as unknown[]) printed.push(JSON.stringify(row));
  });
  const command = commands.find((candidate) => candidate.name.join(' ') === `api-key ${words}`);
  if (!command) throw new Error(`no command api-key ${words}`);
  const code = await command.run({ values, positionals });
  vi.restoreAllMocks();
  return { code, output: printed.join('\n') };
}

async function createKey(organisation: string, suppliers: string, replaceScope = false) {
  const { code, output } = await cli('create', {
    organisation,
    suppliers,
    ...(replaceScope ? { 'replace-scope': true } : {}),
  });
  const apiKey = /dik_[A-Za-z0-9_-]{43}/.exec(output)?.[0];
  const keyId = /key_[0-9a-f]{16}/.exec(output)?.[0];
  if (code !== 0 || !apiKey || !keyId) throw new Error(`api-key create failed: ${code}`);
  return { apiKey, keyId, output };
}

async function allAuthItems(): Promise<string> {
  const items: unknown[] = [];
  for (const partition of ['APIKEYS', 'ORGANISATIONS']) {
    const page = await store.documentClient.send(
      new QueryCommand({
        TableName: store.TABLE_NAME,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': partition },
      }),
    );
    items.push(...(page.Items ?? []));
  }
  return JSON.stringify(items);
}

describe('Rule: api-key create prints a new key once, and the key obtains a token for its scope', () => {
  it('creates a random key that obtains a token scoped to the given suppliers', async () => {
    // Prepare
    const organisation = `org-${randomUUID()}`;
    // Act
    const { apiKey, output } = await createKey(organisation, 'GLOBEX');
    const obtained = await obtainServiceToken({ APIKey: apiKey });
    // Assess
    expect(output.split(apiKey)).toHaveLength(2);
    expect(obtained.payload).toMatchObject({ sub: organisation, suppliers: ['GLOBEX'] });
    const response = await api('GET', STATUS_PATH, { headers: authorization(obtained.token) });
    expect(response.status).toBe(404);
  });

  it('two keys are different (cryptographically random)', async () => {
    // Prepare
    const organisation = `org-${randomUUID()}`;
    // Act
    const [first, second] = [
      await createKey(organisation, 'GLOBEX'),
      await createKey(organisation, 'GLOBEX'),
    ];
    // Assess
    expect(first.apiKey).not.toBe(second.apiKey);
    expect(first.keyId).not.toBe(second.keyId);
  });

  it('create --replace-scope for an existing organisation changes its scope; tokens carry the scope at issue time', async () => {
    // Prepare
    const organisation = `org-${randomUUID()}`;
    const { apiKey } = await createKey(organisation, 'GLOBEX');
    // Act
    await createKey(organisation, 'ACME,GLOBEX', true);
    const obtained = await obtainServiceToken({ APIKey: apiKey });
    // Assess
    expect(obtained.payload.suppliers).toEqual(['ACME', 'GLOBEX']);
  });

  it('create with another scope for an existing organisation issues no key and changes nothing', async () => {
    // Prepare
    const organisation = `org-${randomUUID()}`;
    const { apiKey } = await createKey(organisation, 'GLOBEX');
    // Act
    const refused = await cli('create', { organisation, suppliers: 'ACME' });
    const obtained = await obtainServiceToken({ APIKey: apiKey });
    // Assess
    expect(refused.code).toBe(2);
    expect(refused.output).not.toMatch(/dik_/);
    expect(obtained.payload.suppliers).toEqual(['GLOBEX']);
  });

  it('refuses a create without --suppliers for a new organisation', async () => {
    // Act
    const refused = await cli('create', { organisation: `org-${randomUUID()}` });
    // Assess
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('give its suppliers with --suppliers');
  });
});

describe('Rule: API keys are stored only as hashes and never listed', () => {
  it('stores the SHA-256 of the key, never the key', async () => {
    // Prepare
    const { apiKey } = await createKey(`org-${randomUUID()}`, 'GLOBEX');
    // Act
    const stored = await allAuthItems();
    // Assess
    expect(stored).toContain(hashSecret(apiKey));
    expect(stored).not.toContain(apiKey);
  });

  it('api-key list shows key ids, organisations and scopes, but no key and no hash', async () => {
    // Prepare
    const organisation = `org-${randomUUID()}`;
    const { apiKey, keyId } = await createKey(organisation, 'GLOBEX');
    // Act
    const { code, output } = await cli('list');
    // Assess
    expect(code).toBe(0);
    expect(output).toContain(keyId);
    expect(output).toContain(organisation);
    expect(output).not.toContain(apiKey);
    expect(output).not.toContain(hashSecret(apiKey));
    expect(output).not.toContain(hashSecret('local-dev-key-acme'));
  });
});

describe('Rule: a revoked key cannot obtain or refresh tokens; tokens already issued run out', () => {
  it('after api-key revoke, the key gets api_key_revoked and so does its refresh token', async () => {
    // Prepare
    const { apiKey, keyId } = await createKey(`org-${randomUUID()}`, 'GLOBEX');
    const before = await obtainServiceToken({ APIKey: apiKey });
    // Act
    const revoked = await cli('revoke', {}, [keyId]);
    // Assess
    expect(revoked.code).toBe(0);
    await expect(obtainServiceToken({ APIKey: apiKey })).rejects.toThrow('api_key_revoked');
    await expect(obtainServiceToken({ refreshToken: before.refreshToken })).rejects.toThrow(
      'api_key_revoked',
    );
    // A token issued before revocation stays valid until it expires (≤ 60 min; documented).
    const response = await api('GET', STATUS_PATH, { headers: authorization(before.token) });
    expect(response.status).toBe(404);
  });

  it('revoking twice says so; an unknown key id exits 1', async () => {
    // Prepare
    const { keyId } = await createKey(`org-${randomUUID()}`, 'GLOBEX');
    await cli('revoke', {}, [keyId]);
    // Act
    const again = await cli('revoke', {}, [keyId]);
    const unknown = await cli('revoke', {}, ['key_0000000000000000']);
    // Assess
    expect(again).toMatchObject({ code: 0, output: expect.stringContaining('already revoked') });
    expect(unknown.code).toBe(1);
  });
});

describe('Rule: an expired refresh token gives refresh_token_expired', () => {
  it('refuses a stored refresh token whose expires_at has passed (not yet removed by TTL)', async () => {
    // Prepare
    const { apiKey } = await createKey(`org-${randomUUID()}`, 'GLOBEX');
    const refreshToken = `dirt_expired-${randomUUID()}`;
    await putRefreshToken({
      token_hash: hashSecret(refreshToken),
      key_hash: hashSecret(apiKey),
      organisation: 'whatever',
      expires_at: Math.floor(Date.now() / 1000) - 60,
    });
    // Act
    const attempt = obtainServiceToken({ refreshToken });
    // Assess
    await expect(attempt).rejects.toThrow('refresh_token_expired');
  });
});

describe('Rule: apply FILE stores organisations and the hashes of their keys', () => {
  it('applies an organisation whose plain-text key then obtains a token', async () => {
    // Prepare
    const name = `seeded-${randomUUID()}`;
    const apiKey = `seed-key-${randomUUID()}`;
    const seed = parseSeed({ organisations: [{ name, suppliers: ['GLOBEX'], api_keys: [apiKey] }] });
    // Act
    const summary = await applySeed(seed);
    const obtained = await obtainServiceToken({ APIKey: apiKey });
    // Assess
    expect(summary).toContain('1 organisation(s)');
    expect(obtained.payload).toMatchObject({ sub: name, suppliers: ['GLOBEX'] });
    const stored = await allAuthItems();
    expect(stored).not.toContain(apiKey);
    expect(stored).toContain(hashSecret(apiKey));
  });

  it('applying the file again keeps one key record and never un-revokes it', async () => {
    // Prepare
    const name = `seeded-${randomUUID()}`;
    const apiKey = `seed-key-${randomUUID()}`;
    const seed = parseSeed({ organisations: [{ name, suppliers: ['GLOBEX'], api_keys: [apiKey] }] });
    await applySeed(seed);
    const keyId = /key_[0-9a-f]{16}/.exec(
      (await cli('list')).output.split('\n').find((line) => line.includes(name)) ?? '',
    )?.[0];
    await cli('revoke', {}, [keyId ?? 'missing']);
    // Act
    await applySeed(seed);
    // Assess
    const lines = (await cli('list')).output.split('\n').filter((line) => line.includes(name));
    expect(lines).toHaveLength(1);
    await expect(obtainServiceToken({ APIKey: apiKey })).rejects.toThrow('api_key_revoked');
  });

  it('rejects an organisation with an invalid supplier code or a non-string key', () => {
    // Prepare
    const bad = [
      { organisations: [{ name: 'x', suppliers: ['NOT OK'], api_keys: [] }] },
      { organisations: [{ name: 'x', suppliers: ['ACME'], api_keys: [42] }] },
    ];
    // Act + Assess
    for (const raw of bad) expect(() => parseSeed(raw)).toThrow();
  });
});

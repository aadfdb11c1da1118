import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { claimExpiresAt } from '../../functions/rules/claims/claim.js';
import { keyHash, requestFingerprint } from '../../functions/rules/idempotency/idempotency-key.js';
import { documentClient, TABLE_NAME } from '../../functions/store/dynamodb.js';
import { keys } from '../../functions/store/keys.js';
import { apiFunctions, publicPath } from '../../infra/routes.js';
import { v2Paths } from '../account-tasks/support.js';
import { accountPayload, paths } from '../accounts/support/accounts.js';
import { obtainToken } from '../support/auth.js';
import { api } from '../support/http.js';

/** A POST of `body` to `path` with `key` (JSON as `api` sends it). */
function post(token: string, path: string, body: unknown, key: string) {
  return api('POST', path, { token, body, headers: { 'Idempotency-Key': key } });
}

/** The key's record as stored for the local seed's ACME organisation. */
async function recordOf(key: string, organisation = 'acme-etl') {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.idempotencyKey(organisation, keyHash(key)),
      ConsistentRead: true,
    }),
  );
  return Item;
}

/** A claim on `key` for the request `path` + `body`, as a request still running (or dead) leaves it. */
async function claimLeft(key: string, path: string, body: unknown, expiresInMs: number) {
  await documentClient.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...keys.idempotencyKey('acme-etl', keyHash(key)),
        state: 'IN_FLIGHT',
        request_hash: requestFingerprint('POST', path, JSON.stringify(body)),
        claim_holder: randomUUID(),
        claim_expires_at: claimExpiresAt(Date.now() + expiresInMs, 0),
        expires_at: Math.floor(Date.now() / 1000) + 3600,
      },
    }),
  );
}

describe('A repeat of a POST with its Idempotency-Key gets the first answer, without running again', () => {
  it('a second staging with the key answers the first 201 with Idempotent-Replayed: true (not the 200 of a re-staging)', async () => {
    // Prepare
    const token = await obtainToken();
    const payload = accountPayload();
    const key = randomUUID();
    const first = await post(token, paths.stage, payload, key);

    // Act
    const second = await post(token, paths.stage, payload, key);

    // Assess
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a 4xx answer is kept too: the repeat of a refused request gets the same refusal', async () => {
    // Prepare
    const token = await obtainToken();
    const key = randomUUID();
    const body = { ...accountPayload(), import_supplier: 'NOPE' };
    const first = await post(token, paths.stage, body, key);

    // Act
    const second = await post(token, paths.stage, body, key);

    // Assess
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(second.status).toBe(first.status);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
  });

  it('the answer is kept for 24 hours: the record expires (TTL) a day after it was written', async () => {
    // Prepare
    const token = await obtainToken();
    const key = randomUUID();

    // Act
    await post(token, paths.stage, accountPayload(), key);

    // Assess
    const record = await recordOf(key);
    expect(record?.state).toBe('COMPLETED');
    const day = 24 * 60 * 60;
    expect(record?.expires_at).toBeGreaterThan(Date.now() / 1000 + day - 60);
    expect(record?.expires_at).toBeLessThanOrEqual(Date.now() / 1000 + day + 1);
  });
});

describe('Every POST accepts an Idempotency-Key', () => {
  const posts = apiFunctions.filter((fn) => fn.route.method === 'POST' && fn.route.authorized);
  for (const fn of posts) {
    it(`${fn.id}: a repeat with the key gets the first answer, marked Idempotent-Replayed`, async () => {
      // Prepare
      const token = await obtainToken();
      const path = publicPath(fn.route.path).replace(/\{(\w+)\}/g, (_, name: string) =>
        name === 'import_supplier' ? 'ACME' : `IDEM-${randomUUID()}`,
      );
      const key = randomUUID();
      const first = await post(token, path, { import_supplier: 'ACME' }, key);

      // Act
      const second = await post(token, path, { import_supplier: 'ACME' }, key);

      // Assess
      expect(second.status).toBe(first.status);
      expect(second.json).toEqual(first.json);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
    });
  }
});

describe('The same key with another method, path or body is a 422 idempotency_key_reused', () => {
  it('another body with the key answers 422 and runs nothing', async () => {
    // Prepare
    const token = await obtainToken();
    const key = randomUUID();
    await post(token, paths.stage, accountPayload(), key);
    const other = accountPayload();

    // Act
    const response = await post(token, paths.stage, other, key);

    // Assess
    expect(response.status).toBe(422);
    expect(response.json).toEqual({ code: 'idempotency_key_reused', detail: expect.any(String) });
    const status = await api(
      'GET',
      `/v1/data-import/account-transfer-status/ACME/${encodeURIComponent(other.external_account_number)}/`,
      { token },
    );
    expect(status.status).toBe(404);
  });

  it('another path with the key answers 422', async () => {
    // Prepare
    const token = await obtainToken();
    const key = randomUUID();
    const payload = accountPayload();
    await post(token, paths.stage, payload, key);

    // Act
    const response = await post(token, v2Paths.validate, { payload }, key);

    // Assess
    expect(response.status).toBe(422);
    expect(response.json.code).toBe('idempotency_key_reused');
  });
});

describe('Keys are scoped to the organisation', () => {
  it('the same key sent by another organisation is its own key', async () => {
    // Prepare
    const key = randomUUID();
    const acme = await post(await obtainToken(), paths.stage, accountPayload(), key);

    // Act
    const globex = await post(
      await obtainToken('local-dev-key-globex'),
      paths.stage,
      accountPayload({}, 'GLOBEX'),
      key,
    );

    // Assess
    expect(acme.status).toBe(201);
    expect(globex.status).toBe(201);
    expect(globex.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('A request arriving while the first with its key still runs is a 409 idempotency_key_in_use with Retry-After', () => {
  it('Retry-After is the whole seconds until the running request’s claim expires', async () => {
    // Prepare
    const token = await obtainToken();
    const key = randomUUID();
    const payload = accountPayload();
    await claimLeft(key, paths.stage, payload, 30_000);

    // Act
    const response = await post(token, paths.stage, payload, key);

    // Assess
    expect(response.status).toBe(409);
    expect(response.json).toEqual({ code: 'idempotency_key_in_use', detail: expect.any(String) });
    const seconds = Number(response.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(28);
    expect(seconds).toBeLessThanOrEqual(31);
  });

  it('a claim whose holder died (expired) is taken over: the retry runs and its answer is kept', async () => {
    // Prepare
    const token = await obtainToken();
    const key = randomUUID();
    const payload = accountPayload();
    await claimLeft(key, paths.stage, payload, -2_000);

    // Act
    const response = await post(token, paths.stage, payload, key);

    // Assess
    expect(response.status).toBe(201);
    expect((await recordOf(key))?.state).toBe('COMPLETED');
  });
});

describe('A malformed Idempotency-Key is a 400 that runs nothing', () => {
  for (const [what, key] of [
    ['longer than 255 characters', 'k'.repeat(256)],
    ['not printable ASCII', 'clé'],
  ] as const) {
    it(`a key ${what}: 400 invalid_request, attr Idempotency-Key, code invalid_idempotency_key`, async () => {
      // Prepare
      const token = await obtainToken();
      const payload = accountPayload();

      // Act
      const response = await post(token, paths.stage, payload, key);

      // Assess
      expect(response.status).toBe(400);
      expect(response.json).toEqual({
        code: 'invalid_request',
        detail: expect.any(String),
        errors: [{ attr: 'Idempotency-Key', code: 'invalid_idempotency_key', detail: expect.any(String) }],
      });
      const status = await api(
        'GET',
        `/v1/data-import/account-transfer-status/ACME/${encodeURIComponent(payload.external_account_number)}/`,
        { token },
      );
      expect(status.status).toBe(404);
    });
  }

  it('a key of 255 printable characters is accepted', async () => {
    // Prepare
    const token = await obtainToken();

    // Act
    const response = await post(token, paths.stage, accountPayload(), `${'~ '.repeat(127)}!`);

    // Assess
    expect(response.status).toBe(201);
  });
});

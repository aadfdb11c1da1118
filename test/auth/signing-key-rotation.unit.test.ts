import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { goodClaims, signHs256 } from './token-fixtures.js';

/**
 * In the cloud the signing key is a Secrets Manager secret `{"current", "previous"?}`, read
 * once per cold start. Tokens are signed with `current`; `previous` still verifies, so a
 * rotation does not log anyone out. Secrets Manager is mocked here (no cloud in tests).
 */
const CURRENT = 'current-signing-key-0123456789-abcdefghijklmnopqrstuvwxyz';
const PREVIOUS = 'previous-signing-key-0123456789-abcdefghijklmnopqrstuvwxyz';
const OTHER = 'some-other-signing-key-0123456789-abcdefghijklmnopqrstuvwxyz';
const encode = (key: string) => new TextEncoder().encode(key);

const secretsManager = mockClient(SecretsManagerClient);
const saved = {
  arn: process.env.DATA_IMPORT_TOKEN_SIGNING_SECRET_ARN,
  key: process.env.DATA_IMPORT_TOKEN_SIGNING_KEY,
};
let tokens: typeof import('../../functions/auth/tokens.js');

async function freshModules() {
  vi.resetModules();
  tokens = await import('../../functions/auth/tokens.js');
}

beforeAll(() => {
  process.env.DATA_IMPORT_TOKEN_SIGNING_SECRET_ARN =
    'arn:aws:secretsmanager:eu-west-2:123456789012:secret:signing';
  delete process.env.DATA_IMPORT_TOKEN_SIGNING_KEY;
});

afterAll(() => {
  secretsManager.restore();
  if (saved.arn === undefined) delete process.env.DATA_IMPORT_TOKEN_SIGNING_SECRET_ARN;
  else process.env.DATA_IMPORT_TOKEN_SIGNING_SECRET_ARN = saved.arn;
  if (saved.key !== undefined) process.env.DATA_IMPORT_TOKEN_SIGNING_KEY = saved.key;
  // Unit files share a worker's modules (vitest.config.ts): the next file loads the token
  // modules afresh, with the configuration restored above, not the secret ARN of these tests.
  vi.resetModules();
});

beforeEach(async () => {
  secretsManager.reset();
  secretsManager
    .on(GetSecretValueCommand)
    .resolves({ SecretString: JSON.stringify({ current: CURRENT, previous: PREVIOUS }) });
  await freshModules();
});

describe('Rule: tokens are signed with the current key and verified with current or previous', () => {
  it('signs with the current key', async () => {
    // Prepare
    const { token } = await tokens.signToken({ organisation: 'acme-etl', suppliers: ['ACME'] });
    // Act
    const verified = await tokens.verifyToken(token);
    const forged = await signHs256(
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()),
      encode(CURRENT),
    );
    // Assess
    expect(verified.valid).toBe(true);
    expect(forged.split('.')[2]).toBe(token.split('.')[2]);
  });

  it('accepts a token signed with the previous key (issued before the rotation)', async () => {
    // Prepare
    const token = await signHs256(goodClaims(), encode(PREVIOUS));
    // Act
    const verified = await tokens.verifyToken(token);
    // Assess
    expect(verified).toMatchObject({ valid: true, claims: { sub: 'acme-etl' } });
  });

  it('refuses a token signed with any other key', async () => {
    // Prepare
    const token = await signHs256(goodClaims(), encode(OTHER));
    // Act
    const verified = await tokens.verifyToken(token);
    // Assess
    expect(verified).toEqual({ valid: false, reason: 'invalid' });
  });

  it('after the previous key is dropped from the secret, its tokens are refused (on a new cold start)', async () => {
    // Prepare
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ current: CURRENT }) });
    await freshModules();
    const token = await signHs256(goodClaims(), encode(PREVIOUS));
    // Act
    const verified = await tokens.verifyToken(token);
    // Assess
    expect(verified).toEqual({ valid: false, reason: 'invalid' });
  });
});

describe('Rule: the secret is read once per cold start', () => {
  it('reads Secrets Manager once for many signatures and verifications', async () => {
    // Prepare
    const subject = { organisation: 'acme-etl', suppliers: ['ACME'] };
    // Act
    for (let i = 0; i < 5; i += 1) await tokens.verifyToken((await tokens.signToken(subject)).token);
    // Assess
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
  });

  it('a failed read is tried again on the next request instead of being cached', async () => {
    // Prepare
    secretsManager.reset();
    secretsManager
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('Secrets Manager unavailable'))
      .resolves({ SecretString: JSON.stringify({ current: CURRENT }) });
    await freshModules();
    const subject = { organisation: 'acme-etl', suppliers: ['ACME'] };
    // Act
    const failed = tokens.signToken(subject);
    // Assess
    await expect(failed).rejects.toThrow('Secrets Manager unavailable');
    await expect(tokens.signToken(subject)).resolves.toMatchObject({ claims: { sub: 'acme-etl' } });
  });
});

describe('Rule: a malformed secret fails loudly', () => {
  it.each([
    ['not JSON', 'current=abc'],
    ['no current key', JSON.stringify({ previous: PREVIOUS })],
    ['a current key that is too short', JSON.stringify({ current: 'short' })],
  ])('refuses a secret with %s', async (_name, secretString) => {
    // Prepare
    const { parseSigningSecret } = await import('../../functions/auth/signing-key.js');
    // Act
    const parse = () => parseSigningSecret(secretString);
    // Assess
    expect(parse).toThrow();
  });
});

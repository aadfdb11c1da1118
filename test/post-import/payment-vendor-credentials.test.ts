import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakePaymentVendor, startFakePaymentVendor } from '../../infra/local/fake-payment-vendor.js';
import { createImportedAccount } from './support/imported-account.js';
import { type Handler, lambdaContext, postEvent } from './support/in-process.js';
import { paths, paymentReference, ref } from './support/post-import-api.js';
import { accountItems } from './support/store.js';

/**
 * The service's own vendor credentials: not configured (the secret still holds the placeholder
 * the stack creates) or refused by the vendor (401/403). Both are persistent: a 400 the client
 * must not retry as is, logged with the code an alarm counts, nothing written. Configuration
 * is read at module scope, so each case imports the modules afresh with its own environment.
 */
let vendor: FakePaymentVendor;
const saved = { ...process.env };
const secretsManager = mockClient(SecretsManagerClient);
const VARIABLES = [
  'DATA_IMPORT_STRIPE_API_URL',
  'DATA_IMPORT_STRIPE_API_KEY',
  'DATA_IMPORT_STRIPE_API_KEY_SECRET_ARN',
  'DATA_IMPORT_PAYMENT_VENDOR_ATTEMPTS',
];

beforeAll(async () => {
  vendor = await startFakePaymentVendor();
});

afterAll(async () => {
  await vendor.stop();
  for (const name of VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

beforeEach(() => {
  secretsManager.reset();
  vi.resetModules();
});

/** The payment-instruction handler, configured with a key or a secret holding `secretString`. */
async function handlerWith(credentials: { key: string } | { secretString: string }): Promise<Handler> {
  process.env.DATA_IMPORT_STRIPE_API_URL = vendor.url;
  process.env.DATA_IMPORT_PAYMENT_VENDOR_ATTEMPTS = '3';
  if ('key' in credentials) {
    process.env.DATA_IMPORT_STRIPE_API_KEY = credentials.key;
    delete process.env.DATA_IMPORT_STRIPE_API_KEY_SECRET_ARN;
  } else {
    delete process.env.DATA_IMPORT_STRIPE_API_KEY;
    process.env.DATA_IMPORT_STRIPE_API_KEY_SECRET_ARN =
      'arn:aws:secretsmanager:eu-west-2:111111111111:secret:stripe';
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: credentials.secretString });
  }
  const module = (await import('../../functions/handlers/create-payment-instruction.js')) as unknown as {
    handler: Handler;
  };
  return module.handler;
}

async function post(handler: Handler, referenceValue: string) {
  const account = await createImportedAccount();
  const response = await handler(
    postEvent({
      path: paths.paymentInstruction,
      body: { ...ref(account), vendor: 'STRIPE', reference: referenceValue, type: 'CARD' },
    }),
    lambdaContext,
  );
  return { account, response, body: JSON.parse(response.body) as Record<string, unknown> };
}

/** Spies on the logger the freshly imported handler uses (its error lines feed the alarm's metric filter). */
async function spyOnErrorLog() {
  const { logger } = await import('../../functions/logger.js');
  return vi.spyOn(logger, 'error');
}

/** The error lines carrying the persistent-failure code. */
const persistentFailures = (spy: Awaited<ReturnType<typeof spyOnErrorLog>>) =>
  spy.mock.calls
    .map((call) => call[1])
    .filter((extra) => (extra as { code?: string })?.code === 'payment_vendor_persistent_failure');

describe('Rule: vendor credentials that are not configured are a persistent failure (400, logged, nothing written)', () => {
  it.each([
    [
      'the secret still holds the placeholder the stack creates',
      { secretString: '{"api_key":"NOT_CONFIGURED"}' },
    ],
    ['the secret holds an empty key', { secretString: '{"api_key":""}' }],
    ['the local key is the placeholder', { key: 'NOT_CONFIGURED' }],
  ])(
    'answers 400 payment_vendor_persistent_failure when %s, without asking the vendor',
    async (_case, credentials) => {
      // Prepare
      const handler = await handlerWith(credentials);
      const ref = paymentReference('pm_card_');
      const errorLog = await spyOnErrorLog();
      // Act
      const { account, response, body } = await post(handler, ref);
      // Assess
      expect(response.statusCode).toBe(400);
      expect(body).toMatchObject({
        code: 'payment_vendor_persistent_failure',
        detail: expect.stringContaining('do not retry'),
        errors: [{ attr: 'vendor', code: 'payment_vendor_persistent_failure' }],
      });
      expect(vendor.requestCount(ref)).toBe(0);
      expect(await accountItems(account.service_account_number, '')).toEqual([
        expect.objectContaining({ sk: 'ACCOUNT' }),
      ]);
      expect(persistentFailures(errorLog)).toEqual([
        expect.objectContaining({ vendor: 'STRIPE', reason: 'not_configured' }),
      ]);
    },
  );
});

describe('Rule: vendor credentials the vendor refuses (401/403) are a persistent failure, not retried', () => {
  it('answers 400 payment_vendor_persistent_failure after one request to the vendor, writing nothing', async () => {
    // Prepare
    const handler = await handlerWith({ secretString: '{"api_key":"sk_test_revoked"}' });
    const ref = paymentReference('pm_refusedkey_');
    const errorLog = await spyOnErrorLog();
    // Act
    const { account, response, body } = await post(handler, ref);
    // Assess
    expect(response.statusCode).toBe(400);
    expect(body).toMatchObject({ code: 'payment_vendor_persistent_failure' });
    expect(vendor.requestCount(ref)).toBe(1);
    expect(await accountItems(account.service_account_number, '')).toEqual([
      expect.objectContaining({ sk: 'ACCOUNT' }),
    ]);
    expect(persistentFailures(errorLog)).toEqual([
      expect.objectContaining({ vendor: 'STRIPE', reason: 'refused' }),
    ]);
  });

  it('reads the secret again after a refusal, so a key set by operators takes effect without a deploy', async () => {
    // Prepare
    const handler = await handlerWith({ secretString: '{"api_key":"sk_test_revoked"}' });
    await post(handler, paymentReference('pm_refusedkey_'));
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: '{"api_key":"sk_test_renewed"}' });
    // Act
    const { response } = await post(handler, paymentReference('pm_card_'));
    // Assess
    expect(response.statusCode).toBe(201);
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });
});

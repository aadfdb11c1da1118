import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { optionalEnv } from '../../config.js';
import { VendorCredentialsUnusable } from './vendor-adapter.js';

/**
 * The value a STRIPE key holds until operators set the real one: the stack creates the secret
 * as `{"api_key": "NOT_CONFIGURED"}`, so the functions can tell "not configured" from a key.
 */
export const STRIPE_KEY_NOT_CONFIGURED = 'NOT_CONFIGURED';

/**
 * The STRIPE API key: DATA_IMPORT_STRIPE_API_KEY (local runtime, tests) or, in the cloud, the
 * Secrets Manager secret DATA_IMPORT_STRIPE_API_KEY_SECRET_ARN (a plain string, or JSON with
 * `api_key`), read once per cold start. Never logged. A key that is missing, empty or still the
 * placeholder is `VendorCredentialsUnusable` (not configured); such a secret is read again on
 * the next request, so setting the key takes effect without a new deploy.
 */
const KEY = optionalEnv('DATA_IMPORT_STRIPE_API_KEY', '');
const SECRET_ARN = optionalEnv('DATA_IMPORT_STRIPE_API_KEY_SECRET_ARN', '');
const secretsClient = SECRET_ARN ? new SecretsManagerClient({ maxAttempts: 3 }) : undefined;

let cached: Promise<string> | undefined;

const notConfigured = (where: string) =>
  new VendorCredentialsUnusable('not_configured', `The STRIPE API key is not configured (${where}).`);

/** The key itself from a secret's text: a plain string or JSON `{"api_key": "..."}`. */
export function keyOfSecret(secretString: string | undefined): string {
  const raw = (secretString ?? '').trim();
  let key: unknown = raw;
  if (raw.startsWith('{')) {
    try {
      key = (JSON.parse(raw) as { api_key?: unknown }).api_key;
    } catch {
      throw notConfigured('the secret is not valid JSON');
    }
  }
  if (typeof key !== 'string' || key.trim() === '' || key.trim() === STRIPE_KEY_NOT_CONFIGURED) {
    throw notConfigured('the secret holds no key yet');
  }
  return key.trim();
}

async function readSecret(): Promise<string> {
  const { SecretString } = await secretsClient!.send(new GetSecretValueCommand({ SecretId: SECRET_ARN }));
  return keyOfSecret(SecretString);
}

export function stripeApiKey(): Promise<string> {
  if (KEY !== '') {
    return KEY === STRIPE_KEY_NOT_CONFIGURED
      ? Promise.reject(notConfigured('DATA_IMPORT_STRIPE_API_KEY'))
      : Promise.resolve(KEY);
  }
  if (!secretsClient) {
    return Promise.reject(
      notConfigured('set DATA_IMPORT_STRIPE_API_KEY or DATA_IMPORT_STRIPE_API_KEY_SECRET_ARN'),
    );
  }
  cached ??= readSecret().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** Forgets the cached key (the vendor refused it): the next request reads the secret again. */
export function forgetStripeApiKey(): void {
  cached = undefined;
}

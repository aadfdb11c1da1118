import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { optionalEnv } from '../../config.js';

/**
 * The STRIPE API key: DATA_IMPORT_STRIPE_API_KEY (local runtime, tests) or, in the cloud, the
 * Secrets Manager secret DATA_IMPORT_STRIPE_API_KEY_SECRET_ARN (a plain string, or JSON with
 * `api_key`), read once per cold start. Never logged.
 */
const KEY = optionalEnv('DATA_IMPORT_STRIPE_API_KEY', '');
const SECRET_ARN = optionalEnv('DATA_IMPORT_STRIPE_API_KEY_SECRET_ARN', '');
const secretsClient = SECRET_ARN ? new SecretsManagerClient({ maxAttempts: 3 }) : undefined;

let cached: Promise<string> | undefined;

async function readSecret(): Promise<string> {
  const { SecretString } = await secretsClient!.send(new GetSecretValueCommand({ SecretId: SECRET_ARN }));
  const raw = (SecretString ?? '').trim();
  if (raw.startsWith('{')) {
    const parsed = JSON.parse(raw) as { api_key?: unknown };
    if (typeof parsed.api_key === 'string' && parsed.api_key !== '') return parsed.api_key;
  } else if (raw !== '') return raw;
  throw new Error('The STRIPE API key secret is empty');
}

export function stripeApiKey(): Promise<string> {
  if (KEY !== '') return Promise.resolve(KEY);
  if (!secretsClient) {
    return Promise.reject(
      new Error('Set DATA_IMPORT_STRIPE_API_KEY or DATA_IMPORT_STRIPE_API_KEY_SECRET_ARN'),
    );
  }
  cached ??= readSecret().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

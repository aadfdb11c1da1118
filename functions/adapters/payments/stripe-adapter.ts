import { integerEnv, optionalEnv } from '../../config.js';
import { stripeApiKey } from './stripe-credentials.js';
import {
  type PaymentVendorAdapter,
  type VendorInstruction,
  VendorInstructionInvalid,
  VendorInstructionNotFound,
  VendorUnavailable,
} from './vendor-adapter.js';
import { type VendorHttpOptions, vendorGet } from './vendor-http.js';

/** Configuration, read once per cold start. */
const BASE_URL = optionalEnv('DATA_IMPORT_STRIPE_API_URL', 'https://api.stripe.com').replace(/\/+$/, '');
const HTTP_OPTIONS: VendorHttpOptions = {
  timeoutMs: integerEnv('DATA_IMPORT_PAYMENT_VENDOR_TIMEOUT_MS', 2000, { min: 50, max: 20_000 }),
  attempts: integerEnv('DATA_IMPORT_PAYMENT_VENDOR_ATTEMPTS', 3, { min: 1, max: 5 }),
  backoffMs: 100,
};

interface StripePaymentMethod {
  id?: unknown;
  type?: unknown;
  card?: {
    brand?: unknown;
    last4?: unknown;
    exp_month?: unknown;
    exp_year?: unknown;
    funding?: unknown;
    country?: unknown;
  };
}

function isExpired(month: unknown, year: unknown, now: Date): boolean {
  if (typeof month !== 'number' || typeof year !== 'number') return false;
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

/** Maps a Stripe payment method to the service's instruction, or says why it cannot be used. */
export function fromStripePaymentMethod(
  method: StripePaymentMethod,
  reference: string,
  now = new Date(),
): VendorInstruction {
  if (typeof method.type !== 'string' || method.id !== reference) {
    throw new VendorInstructionInvalid('The vendor returned an unrecognised payment method.');
  }
  const card = method.card;
  if (method.type === 'card' && isExpired(card?.exp_month, card?.exp_year, now)) {
    throw new VendorInstructionInvalid('The card has expired.');
  }
  const details: Record<string, unknown> = { vendor_type: method.type };
  if (card) {
    for (const field of ['brand', 'last4', 'exp_month', 'exp_year', 'funding', 'country'] as const) {
      if (card[field] !== undefined && card[field] !== null) details[field] = card[field];
    }
  }
  return { reference, type: method.type.toUpperCase(), details };
}

/** STRIPE: `GET /v1/payment_methods/<reference>` with the secret key as Bearer token. */
export const stripeAdapter: PaymentVendorAdapter = {
  vendor: 'STRIPE',
  async fetchInstruction(reference) {
    // `.` and `..` are path segments, not ids: the URL would resolve to another vendor path.
    if (/^\.+$/.test(reference))
      throw new VendorInstructionNotFound('The vendor has no such payment method.');
    const key = await stripeApiKey();
    const response = await vendorGet(
      `${BASE_URL}/v1/payment_methods/${encodeURIComponent(reference)}`,
      { authorization: `Bearer ${key}`, accept: 'application/json' },
      HTTP_OPTIONS,
    );
    if (response.status === 404)
      throw new VendorInstructionNotFound('The vendor has no such payment method.');
    if (response.status === 400) throw new VendorInstructionInvalid('The vendor refused the reference.');
    if (response.status !== 200) {
      // 401/403: our credentials are wrong or revoked. Not the client's fault; fixable by operators.
      await response.body?.cancel();
      throw new VendorUnavailable(`The payment vendor answered ${response.status}.`);
    }
    let method: StripePaymentMethod;
    try {
      method = (await response.json()) as StripePaymentMethod;
    } catch {
      throw new VendorUnavailable('The payment vendor answered with a body that is not JSON.');
    }
    return fromStripePaymentMethod(method, reference);
  },
};

import { stripeAdapter } from './stripe-adapter.js';
import type { PaymentVendorAdapter } from './vendor-adapter.js';

/** Payment vendors the service can verify instructions with: one adapter each. */
const adapters = new Map<string, PaymentVendorAdapter>([[stripeAdapter.vendor, stripeAdapter]]);

export function paymentVendor(name: string): PaymentVendorAdapter | undefined {
  return adapters.get(name);
}

export function paymentVendorNames(): string[] {
  return [...adapters.keys()];
}

/**
 * The published vendors whose instructions the service cannot fetch (the Bottomline Direct Debit
 * bureaus): an instruction for one is kept as given once its payload checks pass, by
 * payment-instruction/create/ and by creation alike, with `vendor_verified: false`.
 */
export const KEPT_AS_GIVEN_VENDORS = [
  'BOTTOMLINE_GLOBAL_PAYMENTS_HUB',
  'BOTTOMLINE_PTX',
  'BOTTOMLINE_PTX_BATCHED',
] as const;

/** The instruction types the published payload names (those a kept-as-given instruction may have). */
export const PUBLISHED_INSTRUCTION_TYPES = [
  'BPAY',
  'CARD',
  'CUSTOM',
  'DIRECT_DEBIT',
  'GMO_REFUND',
  'PAYMENT_SLIP',
] as const;

export function isKeptAsGiven(vendor: string): boolean {
  return (KEPT_AS_GIVEN_VENDORS as readonly string[]).includes(vendor);
}

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

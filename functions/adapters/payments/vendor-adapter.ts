/**
 * A payment vendor as the service sees it: verify an instruction by its reference and return
 * its details. Adapters translate the vendor's HTTP API into this and into four failures the
 * domain maps to responses:
 *
 * - VendorInstructionNotFound: the vendor says there is no such instruction → 400, do not retry;
 * - VendorInstructionInvalid: it exists but cannot be used (expired, wrong kind…) → 400;
 * - VendorUnavailable: timeouts, connection errors, vendor 5xx/429, after the adapter's own
 *   retries → 500, retry as is;
 * - VendorCredentialsUnusable: the service's own credentials for the vendor are not configured
 *   or the vendor refuses them (401/403) → 400 `payment_vendor_persistent_failure`: no retry
 *   helps until operators fix the credentials; logged with that code and alarmed.
 */

export interface VendorInstruction {
  /** The vendor's reference, as the vendor reports it. */
  reference: string;
  /** The instruction type in the service's words (`CARD`, …). */
  type: string;
  /** Details worth keeping (no secrets: e.g. card brand, last 4 digits, expiry). */
  details: Record<string, unknown>;
}

export interface PaymentVendorAdapter {
  readonly vendor: string;
  fetchInstruction(reference: string): Promise<VendorInstruction>;
}

export class VendorInstructionNotFound extends Error {
  override name = 'VendorInstructionNotFound';
}

export class VendorInstructionInvalid extends Error {
  override name = 'VendorInstructionInvalid';
}

export class VendorUnavailable extends Error {
  override name = 'VendorUnavailable';
}

/** The code of a vendor failure that retrying cannot cure (the service's credentials). */
export const PAYMENT_VENDOR_PERSISTENT_FAILURE = 'payment_vendor_persistent_failure';

export class VendorCredentialsUnusable extends Error {
  override name = 'VendorCredentialsUnusable';
  constructor(
    readonly reason: 'not_configured' | 'refused',
    message: string,
  ) {
    super(message);
  }
}

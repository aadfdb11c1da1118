/**
 * A payment vendor as the service sees it (design.md §3.6): verify an instruction by its
 * reference and return its details. Adapters translate the vendor's HTTP API into this and
 * into three failures the domain maps to responses:
 *
 * - VendorInstructionNotFound: the vendor says there is no such instruction → 400, do not retry;
 * - VendorInstructionInvalid: it exists but cannot be used (expired, wrong kind…) → 400;
 * - VendorUnavailable: timeouts, connection errors, vendor 5xx/429, after the adapter's own
 *   retries → 500, retry as is.
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

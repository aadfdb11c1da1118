import {
  PAYMENT_VENDOR_PERSISTENT_FAILURE,
  type PaymentVendorAdapter,
  VendorCredentialsUnusable,
  VendorInstructionInvalid,
  VendorInstructionNotFound,
  VendorUnavailable,
} from '../../adapters/payments/vendor-adapter.js';
import { paymentVendor } from '../../adapters/payments/vendors.js';
import { type FieldError, RetryableError, ValidationError } from '../../errors.js';
import type { Account } from '../../rules/account/account.js';
import type { CreationReservation } from '../../rules/account/creation-reservation.js';
import type { PaymentInstructionRecord } from '../../rules/payments/payment-instruction.js';

/** A payment instruction an account carries, as creation stores it (the account's number added then). */
export type EmbeddedInstruction = Omit<PaymentInstructionRecord, 'account_number' | 'details'> & {
  details?: Record<string, unknown>;
} & Record<string, unknown>;

interface CarriedInstruction {
  vendor: string;
  reference: string;
  type: string;
  [field: string]: unknown;
}

/**
 * The account's payment instructions, each as the post-import endpoint keeps it. One of a vendor
 * with an adapter (`STRIPE`) is asked of the vendor first, as payment-instruction/create/ does:
 * the vendor's type must match and its details are kept. One of a vendor whose mandates the
 * service cannot fetch (the Bottomline Direct Debit bureaus) is kept as given, its payload rules
 * having passed, with `vendor_verified: false`. Every field the payload carries is kept.
 */
export async function embeddedInstructions(
  account: Account,
  reservation: CreationReservation,
): Promise<EmbeddedInstruction[]> {
  const carried = (account.payment_instructions ?? []) as CarriedInstruction[];
  const errors: FieldError[] = [];
  const instructions = await Promise.all(
    carried.map(async (instruction, index) => {
      const adapter = paymentVendor(instruction.vendor);
      if (!adapter) {
        // No `details`: the vendor told nothing. (An empty map also trips DynamoDB Local's stream
        // images, which the local publisher reads.)
        return { ...instruction, verified_at: reservation.account_created_at, vendor_verified: false };
      }
      const asked = await askVendor(adapter, instruction, `payment_instructions.${index}`);
      if ('error' in asked) {
        errors.push(asked.error);
        return undefined;
      }
      return {
        ...instruction,
        ...asked.record,
        verified_at: reservation.account_created_at,
        vendor_verified: true,
      };
    }),
  );
  if (errors.length > 0) throw new ValidationError(errors);
  return instructions as EmbeddedInstruction[];
}

async function askVendor(
  adapter: PaymentVendorAdapter,
  instruction: CarriedInstruction,
  at: string,
): Promise<{ record: { type: string; details: Record<string, unknown> } } | { error: FieldError }> {
  try {
    const found = await adapter.fetchInstruction(instruction.reference);
    if (found.type !== instruction.type) {
      return {
        error: {
          attr: `${at}.type`,
          code: 'payment_instruction_type_mismatch',
          detail: `The vendor's instruction is of type ${found.type}, not ${instruction.type}.`,
        },
      };
    }
    return { record: { type: found.type, details: found.details } };
  } catch (error) {
    if (error instanceof VendorInstructionNotFound) {
      return {
        error: {
          attr: `${at}.reference`,
          code: 'payment_instruction_not_found_at_vendor',
          detail: 'The vendor has no instruction with this reference.',
        },
      };
    }
    if (error instanceof VendorInstructionInvalid) {
      return {
        error: {
          attr: `${at}.reference`,
          code: 'payment_instruction_invalid_at_vendor',
          detail: `The vendor's instruction cannot be used: ${error.message}`,
        },
      };
    }
    if (error instanceof VendorCredentialsUnusable) {
      return {
        error: {
          attr: `${at}.vendor`,
          code: PAYMENT_VENDOR_PERSISTENT_FAILURE,
          detail:
            'The payment vendor cannot be used at the moment (the service’s credentials for it are not accepted); the service’s operators have been alerted.',
        },
      };
    }
    if (error instanceof VendorUnavailable) {
      // Nothing is written yet: the creation can be retried as it is.
      throw new RetryableError(
        'payment_vendor_unavailable',
        'The payment vendor could not be reached to check the account’s payment instruction; retry the request as it is.',
        503,
      );
    }
    throw error;
  }
}

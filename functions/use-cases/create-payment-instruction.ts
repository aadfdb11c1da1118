import type { Payload } from '../../schemas/api/payment-instruction-create.schema.js';
import {
  PAYMENT_VENDOR_PERSISTENT_FAILURE,
  type PaymentVendorAdapter,
  VendorCredentialsUnusable,
  type VendorInstruction,
  VendorInstructionInvalid,
  VendorInstructionNotFound,
  VendorUnavailable,
} from '../adapters/payments/vendor-adapter.js';
import {
  isKeptAsGiven,
  PUBLISHED_INSTRUCTION_TYPES,
  paymentVendor,
  paymentVendorNames,
} from '../adapters/payments/vendors.js';
import { type FieldError, RetryableError, ValidationError } from '../errors.js';
import { logger } from '../logger.js';
import type { ImportedAccount } from '../rules/import-process.js';
import {
  OPTIONAL_INSTRUCTION_FIELDS,
  type PaymentInstructionRecord,
  type PaymentInstructionResult,
  paymentInstructionResult,
} from '../rules/payments/payment-instruction.js';
import { isPersistentFailure } from '../rules/payments/vendor-failures.js';
import { allowedChoices, isAllowedChoice } from '../rules/post-import/choices.js';
import { postImportCompleted, postImportError } from '../rules/post-import/post-import-events.js';
import { getPaymentInstruction, storePaymentInstruction } from '../store/payment-instruction-store.js';
import {
  clearVendorFailures,
  recordVendorFailure,
  writeVendorErrorEventOncePerInterval,
} from '../store/vendor-failure-store.js';
import type { DryRunOption } from './dry-run.js';

const VENDOR_UNAVAILABLE = 'payment_vendor_unavailable';

function referenceError(code: string, detail: string): ValidationError {
  return new ValidationError([{ attr: 'reference', code, detail }]);
}

/**
 * Endpoint 4: verifies the instruction with its vendor and stores it with
 * the vendor's details. Idempotent: the same vendor + reference again returns the stored
 * result without calling the vendor. The vendor saying no → 400 (do not retry); the vendor
 * unreachable after the adapter's retries → 500 `payment_vendor_unavailable` (retry as is),
 * or, on the third consecutive such request for the reference within 15 minutes, 400
 * `payment_vendor_persistent_failure` (logged for the alarm). An unreachable vendor emits a
 * `post_import.error` at most once per reference and code per hour; the only other thing
 * written is the reference's failure count (see ./vendor-failures in the rules). The
 * service's own credentials missing or refused by the vendor → 400
 * `payment_vendor_persistent_failure`, logged for the alarm, nothing written.
 * A dry run asks the vendor too and answers the same, but keeps nothing and emits nothing.
 */
export async function createPaymentInstruction(
  account: ImportedAccount,
  request: Omit<Payload, 'import_supplier' | 'external_account_number' | 'dry_run'>,
  { dryRun = false }: DryRunOption = {},
  now = new Date(),
): Promise<PaymentInstructionResult> {
  if (isKeptAsGiven(request.vendor)) return keepAsGiven(account, request, dryRun, now);
  const adapter = checkedVendor(request);
  const stored = await getPaymentInstruction(account, adapter.vendor, request.reference);
  if (stored) return paymentInstructionResult(stored);

  let instruction: VendorInstruction;
  try {
    instruction = await adapter.fetchInstruction(request.reference);
  } catch (error) {
    throw await vendorFailure(error, account, adapter.vendor, request.reference, dryRun, now);
  }
  await clearVendorFailures(adapter.vendor, request.reference);
  if (instruction.type !== request.type) {
    throw new ValidationError([
      {
        attr: 'type',
        code: 'payment_instruction_type_mismatch',
        detail: `The vendor's instruction is of type ${instruction.type}, not ${request.type}.`,
      },
    ]);
  }
  const record: PaymentInstructionRecord = {
    account_number: account.service_account_number,
    vendor: adapter.vendor,
    reference: request.reference,
    type: instruction.type,
    details: instruction.details,
    verified_at: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
  for (const field of OPTIONAL_INSTRUCTION_FIELDS) {
    if (request[field] !== undefined) Object.assign(record, { [field]: request[field] });
  }
  return store(account, record, dryRun);
}

/**
 * An instruction of a vendor whose mandates the service cannot fetch (a Bottomline Direct Debit
 * bureau): kept as given, with `vendor_verified: false`, once its type is one the published
 * payload names. Idempotent as any instruction: the same vendor + reference again answers the stored one.
 */
async function keepAsGiven(
  account: ImportedAccount,
  request: Omit<Payload, 'import_supplier' | 'external_account_number' | 'dry_run'>,
  dryRun: boolean,
  now: Date,
): Promise<PaymentInstructionResult> {
  if (!(PUBLISHED_INSTRUCTION_TYPES as readonly string[]).includes(request.type)) {
    throw new ValidationError([
      {
        attr: 'type',
        code: 'invalid_choice',
        detail: `Must be one of: ${PUBLISHED_INSTRUCTION_TYPES.join(', ')}.`,
      },
    ]);
  }
  const stored = await getPaymentInstruction(account, request.vendor, request.reference);
  if (stored) return paymentInstructionResult(stored);
  const record = {
    account_number: account.service_account_number,
    vendor: request.vendor,
    reference: request.reference,
    type: request.type,
    verified_at: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    vendor_verified: false,
  } as PaymentInstructionRecord;
  for (const field of OPTIONAL_INSTRUCTION_FIELDS) {
    if (request[field] !== undefined) Object.assign(record, { [field]: request[field] });
  }
  return store(account, record, dryRun);
}

/** Stores the instruction with its event (a dry run keeps nothing); a concurrent request's stored one wins. */
async function store(
  account: ImportedAccount,
  record: PaymentInstructionRecord,
  dryRun: boolean,
): Promise<PaymentInstructionResult> {
  if (dryRun) return paymentInstructionResult(record);
  const created = await storePaymentInstruction(
    account,
    record,
    [postImportCompleted(account, 'PAYMENT_INSTRUCTION', record.reference)],
    () => paymentInstructionResult(record),
  );
  if (created) return paymentInstructionResult(record);
  const winner = await getPaymentInstruction(account, record.vendor, record.reference);
  return paymentInstructionResult(winner ?? record);
}

/** The request's vendor adapter, once its vendor and type are both allowed choices (400 otherwise, naming both). */
function checkedVendor(request: { vendor: string; type: string }): PaymentVendorAdapter {
  const errors: FieldError[] = [];
  const adapter = paymentVendor(request.vendor);
  if (!adapter) {
    errors.push({
      attr: 'vendor',
      code: 'invalid_choice',
      detail: `Must be one of: ${paymentVendorNames().join(', ')}.`,
    });
  }
  if (!isAllowedChoice('payment_instruction_type', request.type)) {
    errors.push({
      attr: 'type',
      code: 'invalid_choice',
      detail: `Must be one of: ${allowedChoices('payment_instruction_type').join(', ')}.`,
    });
  }
  if (errors.length > 0 || !adapter) throw new ValidationError(errors);
  return adapter;
}

/**
 * What the vendor's failure to give the instruction answers: 400 when the vendor said no (its
 * run of unreachable answers for the reference is over), 400 `payment_vendor_persistent_failure`
 * when the service's credentials are refused, the unreachable vendor's answer otherwise.
 */
async function vendorFailure(
  error: unknown,
  account: ImportedAccount,
  vendor: string,
  reference: string,
  dryRun: boolean,
  now: Date,
): Promise<unknown> {
  if (error instanceof VendorInstructionNotFound || error instanceof VendorInstructionInvalid) {
    // The vendor answered: a run of failures to reach it for this reference is over.
    await clearVendorFailures(vendor, reference);
  }
  if (error instanceof VendorInstructionNotFound) {
    return referenceError(
      'payment_instruction_not_found_at_vendor',
      'The vendor has no instruction with this reference.',
    );
  }
  if (error instanceof VendorInstructionInvalid) {
    return referenceError(
      'payment_instruction_invalid_at_vendor',
      `The vendor's instruction cannot be used: ${error.message}`,
    );
  }
  if (error instanceof VendorCredentialsUnusable) return credentialsUnusable(vendor, error);
  if (error instanceof VendorUnavailable) {
    if (dryRun) {
      logger.warn('Payment vendor unavailable', { vendor, problem: error.message });
      return new RetryableError(
        VENDOR_UNAVAILABLE,
        'The payment vendor could not be reached; retry the request as it is.',
        500,
      );
    }
    return vendorUnreachable(account, vendor, reference, error, now);
  }
  return error;
}

/** The service's own credentials refused: logged for the alarm, 400 `payment_vendor_persistent_failure`. */
function credentialsUnusable(vendor: string, error: VendorCredentialsUnusable): ValidationError {
  // Counted by a metric filter on this code, which an alarm watches.
  logger.error('Payment vendor credentials unusable', {
    code: PAYMENT_VENDOR_PERSISTENT_FAILURE,
    vendor,
    reason: error.reason,
  });
  const detail =
    'The payment vendor cannot be used at the moment (the service’s credentials for it are not accepted); ' +
    'do not retry this request as it is: the service’s operators have been alerted.';
  return new ValidationError(
    [{ attr: 'vendor', code: PAYMENT_VENDOR_PERSISTENT_FAILURE, detail }],
    PAYMENT_VENDOR_PERSISTENT_FAILURE,
    detail,
  );
}

/**
 * The vendor could not be reached for this reference (after the adapter's retries): counts
 * the failure and answers 500 `payment_vendor_unavailable` (retry as is), or 400
 * `payment_vendor_persistent_failure` when it is the third consecutive one within the
 * window. Either way a `post_import.error` with that code, at most once per hour.
 */
async function vendorUnreachable(
  account: ImportedAccount,
  vendor: string,
  reference: string,
  error: VendorUnavailable,
  now: Date,
): Promise<Error> {
  const run = await recordVendorFailure(vendor, reference, now);
  const persistent = isPersistentFailure(run);
  const code = persistent ? PAYMENT_VENDOR_PERSISTENT_FAILURE : VENDOR_UNAVAILABLE;
  const detail = persistent
    ? `The payment vendor could not be reached for this reference on ${run.failures} consecutive requests; ` +
      'do not retry this request as it is: the service’s operators have been alerted.'
    : 'The payment vendor could not be reached; retry the request as it is.';
  if (persistent) {
    // Counted by a metric filter on this code, which an alarm watches.
    logger.error('Payment vendor unreachable for a reference', {
      code,
      vendor,
      failures: run.failures,
      problem: error.message,
    });
  } else {
    logger.warn('Payment vendor unavailable', { vendor, problem: error.message });
  }
  await writeVendorErrorEventOncePerInterval(
    vendor,
    reference,
    code,
    postImportError(account, 'PAYMENT_INSTRUCTION', code, detail),
    now,
  );
  return persistent
    ? new ValidationError([{ attr: 'reference', code, detail }], code, detail)
    : new RetryableError(VENDOR_UNAVAILABLE, detail, 500);
}

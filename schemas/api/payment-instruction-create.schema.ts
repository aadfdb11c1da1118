import type { FromSchema } from 'json-schema-to-ts';
import { dryRun, externalAccountNumber, importSupplier } from './account-reference.js';

/**
 * Body of endpoint 4, `payment-instruction/create/` (spec: Payment instruction).
 * `vendor` and `type` are enumerations extended by configuration (DATA_IMPORT_EXTRA_CHOICES), so
 * they are checked in functions/rules/payments/, not here.
 */
export const schema = {
  $id: 'urn:data-import:api:payment-instruction-create',
  title: 'Create a payment instruction for an imported account (payment-instruction/create/)',
  type: 'object',
  additionalProperties: false,
  required: ['import_supplier', 'external_account_number', 'vendor', 'reference', 'type'],
  properties: {
    import_supplier: importSupplier,
    external_account_number: externalAccountNumber,
    vendor: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description:
        'The payment vendor: `STRIPE` (the instruction is asked of the vendor), or a Bottomline Direct Debit bureau (`BOTTOMLINE_PTX`, `BOTTOMLINE_PTX_BATCHED`, `BOTTOMLINE_GLOBAL_PAYMENTS_HUB`: kept as given, `vendor_verified: false`).',
    },
    reference: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[^\\s/\\\\?#%]+$',
      description: "The instruction's reference at the vendor (e.g. a Stripe payment method id `pm_…`).",
    },
    type: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      description: 'Instruction type: `CARD`, plus values added in configuration.',
    },
    instruction_reference: {
      type: 'string',
      minLength: 1,
      maxLength: 128,
      description: "The instruction's reference in the external system (e.g. a mandate reference).",
    },
    ledger_code: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: 'Code of the ledger the instruction pays into.',
    },
    use_for_scheduled_payments: {
      type: 'boolean',
      description: 'Whether scheduled payments use this instruction.',
    },
    valid_from: {
      type: 'string',
      format: 'date',
      maxLength: 10,
      description: 'ISO 8601 date `YYYY-MM-DD` from which the instruction may be used.',
    },
    dry_run: dryRun,
  },
} as const;

export type Payload = FromSchema<typeof schema>;

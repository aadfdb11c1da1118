import { ConfigurationError, optionalEnv } from '../../config.js';

/**
 * Enumerations of the post-import payloads. The spec lists some values;
 * each environment may add more with DATA_IMPORT_EXTRA_CHOICES, a JSON object mapping a
 * field to extra values, e.g. `{"reason": ["GOODWILL_CREDIT"], "payment_type": ["CHEQUE"]}`.
 * Transaction `type` is fixed (five values); a vendor needs an adapter, so `vendor` is not here.
 */
export const LISTED_CHOICES = {
  reason: [
    'IMPORTED_CHARGE',
    'IMPORTED_CREDIT',
    'ACCOUNT_CHARGE_PAYMENT',
    'FULL_CREDIT_REFUND',
    'GENERAL_CREDIT',
  ],
  payment_type: ['DD_REGULAR_COLLECTION', 'DIRECT_CREDIT', 'DEBIT_CARD'],
  rate_band: ['CONSUMPTION_STANDARD'],
  tax_type: ['VAT'],
  unit_type: ['PROPORTION'],
  payment_instruction_type: ['CARD'],
} as const;

export type ChoiceField = keyof typeof LISTED_CHOICES;

export function parseExtraChoices(raw: string): Partial<Record<ChoiceField, string[]>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigurationError('DATA_IMPORT_EXTRA_CHOICES must be a JSON object');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigurationError('DATA_IMPORT_EXTRA_CHOICES must be a JSON object');
  }
  const result: Partial<Record<ChoiceField, string[]>> = {};
  for (const [field, values] of Object.entries(parsed)) {
    if (!(field in LISTED_CHOICES)) {
      throw new ConfigurationError(
        `DATA_IMPORT_EXTRA_CHOICES: unknown field ${field} (one of ${Object.keys(LISTED_CHOICES).join(', ')})`,
      );
    }
    if (!Array.isArray(values) || !values.every((value) => typeof value === 'string' && value !== '')) {
      throw new ConfigurationError(`DATA_IMPORT_EXTRA_CHOICES.${field} must be an array of strings`);
    }
    result[field as ChoiceField] = values as string[];
  }
  return result;
}

const extra = parseExtraChoices(optionalEnv('DATA_IMPORT_EXTRA_CHOICES', '{}'));

const allowed: Record<ChoiceField, ReadonlySet<string>> = Object.fromEntries(
  (Object.keys(LISTED_CHOICES) as ChoiceField[]).map((field) => [
    field,
    new Set<string>([...LISTED_CHOICES[field], ...(extra[field] ?? [])]),
  ]),
) as unknown as Record<ChoiceField, ReadonlySet<string>>;

export function isAllowedChoice(field: ChoiceField, value: string): boolean {
  return allowed[field].has(value);
}

export function allowedChoices(field: ChoiceField): string[] {
  return [...allowed[field]];
}

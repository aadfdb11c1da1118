import type { ErrorObject } from 'ajv';
import { type FieldError, ValidationError } from '../errors.js';

/**
 * A validator compiled ahead of time by ajv's standalone code generator
 * (`npm run generate`; output in ./generated). Never compiled on a cold start.
 */
export interface CompiledValidator<T> {
  (data: unknown): data is T;
  errors?: ErrorObject[] | null;
}

/** JSON pointer `/notes/0/body` → dot path `notes.0.body`. */
export function pointerToAttr(pointer: string, child?: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return parts.join('.');
}

const formatCodes: Record<string, string> = {
  date: 'invalid_date',
  'date-time': 'invalid_datetime',
  email: 'invalid_email',
};

/** What a value of each format looks like, so a refused value's detail says what to send. */
export const FORMAT_DETAILS: Record<string, string> = {
  date: 'Must be a date in the format YYYY-MM-DD (a day that exists), e.g. 2026-02-01.',
  'date-time':
    'Must be a date-time in the format YYYY-MM-DDThh:mm:ss with an offset Z or ±hh:mm (RFC 3339), e.g. 2026-02-01T10:00:00Z.',
  email: 'Must be a valid e-mail address.',
};

/** Most allowed values an `invalid_choice` detail names (an error detail stays short: some enumerations run to hundreds). */
const MAX_NAMED_CHOICES = 20;

function choiceDetail(values: readonly unknown[]): string {
  if (values.length <= MAX_NAMED_CHOICES) return `Must be one of: ${values.join(', ')}.`;
  const named = values.slice(0, MAX_NAMED_CHOICES).join(', ');
  return `Must be one of: ${named}, and ${values.length - MAX_NAMED_CHOICES} more (the request payloads page lists them all).`;
}

/** Maps one ajv error to the service's stable error code and dot path. */
export function toFieldError(error: ErrorObject): FieldError {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return {
        attr: pointerToAttr(error.instancePath, String(params.missingProperty)),
        code: 'required',
        detail: 'This field is required.',
      };
    case 'additionalProperties':
      return {
        attr: pointerToAttr(error.instancePath, String(params.additionalProperty)),
        code: 'unknown_field',
        detail: 'This field is not part of the documented payload.',
      };
    case 'type':
      return {
        attr: pointerToAttr(error.instancePath),
        code: 'invalid_type',
        detail: `Expected ${String(params.type)}.`,
      };
    case 'enum':
    case 'const':
      return {
        attr: pointerToAttr(error.instancePath),
        code: 'invalid_choice',
        detail: choiceDetail((params.allowedValues as unknown[]) ?? [params.allowedValue]),
      };
    case 'format':
      return {
        attr: pointerToAttr(error.instancePath),
        code: formatCodes[String(params.format)] ?? 'invalid_format',
        detail: FORMAT_DETAILS[String(params.format)] ?? `Must be a valid ${String(params.format)}.`,
      };
    case 'maxItems':
      return {
        attr: pointerToAttr(error.instancePath),
        code: 'too_many_items',
        detail: `At most ${String(params.limit)} items are allowed.`,
      };
    case 'minItems':
      return {
        attr: pointerToAttr(error.instancePath),
        code: 'too_few_items',
        detail: `At least ${String(params.limit)} item(s) are required.`,
      };
    case 'maxLength':
      return {
        attr: pointerToAttr(error.instancePath),
        code: 'too_long',
        detail: `At most ${String(params.limit)} characters are allowed.`,
      };
    case 'minLength':
      return {
        attr: pointerToAttr(error.instancePath),
        code: 'blank',
        detail: 'This field may not be blank.',
      };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return {
        attr: pointerToAttr(error.instancePath),
        code: 'out_of_range',
        detail: `Must be ${String(params.comparison)} ${String(params.limit)}.`,
      };
    case 'pattern':
      return {
        attr: pointerToAttr(error.instancePath),
        code: 'invalid_format',
        detail: 'Has an invalid format.',
      };
    case 'maxProperties':
      return {
        attr: pointerToAttr(error.instancePath),
        code: 'too_many_items',
        detail: 'Too many properties.',
      };
    default:
      return {
        attr: pointerToAttr(error.instancePath),
        code: 'invalid',
        detail: error.message ?? 'Invalid value.',
      };
  }
}

/** Distinct field errors, in ajv's order, dropping duplicates of the same attr and code. */
export function toFieldErrors(errors: readonly ErrorObject[]): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const error of errors) {
    const fieldError = toFieldError(error);
    const key = `${fieldError.attr}\u0000${fieldError.code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(fieldError);
  }
  return result;
}

/**
 * Validates `data` and returns it typed, or throws a 400 ValidationError whose top-level
 * code is `summaryCode` (`invalid_request`, or `account_failed_validation` for accounts).
 */
export function validateOrThrow<T>(
  validate: CompiledValidator<T>,
  data: unknown,
  summaryCode = 'invalid_request',
  summaryDetail = 'The request could not be validated.',
): T {
  if (validate(data)) return data;
  throw new ValidationError(toFieldErrors(validate.errors ?? []), summaryCode, summaryDetail);
}

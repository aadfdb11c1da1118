import { createHash } from 'node:crypto';
import type { StatementPayload } from '../../../schemas/api/historical-statements-create.schema.js';
import type { FieldError } from '../../errors.js';
import { numberSourceText } from '../../validation/number-source-text.js';
import { dateTimeMs } from '../values/date-time-parser.js';
import { checkDecimal } from '../values/decimal.js';

export type { StatementPayload };

/** A validated historical statement as stored. */
export interface StatementToStore extends StatementPayload {
  /** Position in the request. */
  index: number;
  /** `s3://<bucket>/<key>` of the PDF, when `statement_path` was given. */
  statement_uri?: string;
  /** Identity of the content: a repeat with the same hash is the same statement. */
  content_hash: string;
}

/** Decimal fields of a statement and the decimal places each allows. */
export const STATEMENT_DECIMALS = {
  gross_amount: 2,
  total_consumption_cost: 2,
  total_feed_in_cost: 2,
  total_supply_cost: 2,
  average_daily_usage: 6,
  total_consumption: 6,
  total_feed_in_energy: 6,
} as const satisfies Partial<Record<keyof StatementPayload, number>>;

/** Decimal places of `kg_co2_net_emissions`. */
export const NET_EMISSIONS_PLACES = 6;

/** Optional fields that are part of a statement's content when sent. */
const OPTIONAL_CONTENT = [
  'average_daily_usage',
  'total_consumption',
  'total_consumption_cost',
  'total_feed_in_cost',
  'total_feed_in_energy',
  'total_supply_cost',
  'is_reversed',
  'net_emissions',
] as const;

/**
 * Hash of everything the client sent about the statement (the path as resolved). The optional
 * fields are appended only when some are sent, so a statement sent without them hashes as it
 * always did and a repeat of an earlier statement is still recognised.
 */
export function statementContentHash(statement: StatementPayload, statementKey: string | undefined): string {
  const content: unknown[] = [
    statement.statement_id,
    statement.bill_period_from_date,
    statement.bill_period_to_date,
    statement.issued_date,
    statement.number,
    statement.gross_amount,
    statementKey ?? null,
  ];
  const optional = OPTIONAL_CONTENT.filter((field) => statement[field] !== undefined).map((field) => [
    field,
    statement[field],
  ]);
  if (optional.length > 0) content.push(optional);
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 40);
}

/** Rules of one statement a schema cannot express. */
export function statementRuleErrors(statement: StatementPayload, index: number): FieldError[] {
  const errors: FieldError[] = [];
  if (statement.bill_period_from_date > statement.bill_period_to_date) {
    errors.push({
      attr: `statements.${index}.bill_period_to_date`,
      code: 'invalid_bill_period',
      detail: '`bill_period_to_date` must not be before `bill_period_from_date`.',
    });
  }
  for (const [field, places] of Object.entries(STATEMENT_DECIMALS)) {
    const value = statement[field as keyof typeof STATEMENT_DECIMALS];
    if (value === undefined) continue;
    const decimal = checkDecimal(value, places, numberSourceText(statement, field));
    if (!decimal.ok)
      errors.push({ attr: `statements.${index}.${field}`, code: decimal.code, detail: decimal.detail });
  }
  statement.net_emissions?.forEach((interval, position) => {
    errors.push(...netEmissionErrors(interval, `statements.${index}.net_emissions.${position}`));
  });
  return errors;
}

type NetEmission = NonNullable<StatementPayload['net_emissions']>[number];

/** One `net_emissions` interval (its times already checked by the schema): `from_time` before `to_time`, a decimal. */
function netEmissionErrors(interval: NetEmission, attr: string): FieldError[] {
  const errors: FieldError[] = [];
  if (dateTimeMs(interval.from_time) >= dateTimeMs(interval.to_time)) {
    errors.push({
      attr: `${attr}.to_time`,
      code: 'to_time_not_after_from_time',
      detail: '`to_time` must be after `from_time`.',
    });
  }
  const decimal = checkDecimal(
    interval.kg_co2_net_emissions,
    NET_EMISSIONS_PLACES,
    numberSourceText(interval, 'kg_co2_net_emissions'),
  );
  if (!decimal.ok)
    errors.push({ attr: `${attr}.kg_co2_net_emissions`, code: decimal.code, detail: decimal.detail });
  return errors;
}

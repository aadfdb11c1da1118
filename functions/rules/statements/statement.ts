import { createHash } from 'node:crypto';
import type { StatementPayload } from '../../../schemas/api/historical-statements-create.schema.js';
import type { FieldError } from '../../errors.js';
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

/** Hash of everything the client sent about the statement (the path as resolved). */
export function statementContentHash(statement: StatementPayload, statementKey: string | undefined): string {
  const content = [
    statement.statement_id,
    statement.bill_period_from_date,
    statement.bill_period_to_date,
    statement.issued_date,
    statement.number,
    statement.gross_amount,
    statementKey ?? null,
  ];
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
  const amount = checkDecimal(statement.gross_amount, 2);
  if (!amount.ok)
    errors.push({ attr: `statements.${index}.gross_amount`, code: amount.code, detail: amount.detail });
  return errors;
}

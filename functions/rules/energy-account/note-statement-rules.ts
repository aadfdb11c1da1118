import { NOTES } from './payload-places.js';
import type { PayloadRule } from './payload-rule.js';
import { child, filled, given, list, text } from './payload-rule.js';
import { dateOrderRule, itemRule } from './rule-builders.js';

/** Embedded notes and statements, and when the next bill is due. */
export const noteStatementRules: PayloadRule[] = [
  itemRule({
    rule: 'Note: Validate note body or document paths provided',
    code: 'note_body_or_document_path_not_found',
    at: NOTES,
    field: 'body',
    detail: 'A note needs a body or document paths.',
    breaks: (note) => !filled(note, 'body') && list(note, 'document_paths').length === 0,
  }),
  dateOrderRule({
    rule: 'Note: Validate note created at is equal to or before unpin at',
    code: 'note_unpin_at_earlier_than_creation_date',
    at: NOTES,
    from: 'created_at',
    to: 'unpin_at',
  }),
  itemRule({
    rule: 'Statement: null',
    code: 'missing_statement_path_or_pdf_context',
    at: ['statements[]'],
    field: 'statement_path',
    detail: 'A statement needs the path of its document.',
    breaks: (statement) => !filled(statement, 'statement_path'),
  }),
  itemRule({
    rule: 'EnergyAccount: Validate next bill due date provided for quarterly billing',
    code: 'next_bill_to_date_not_provided_for_quarterly_billing',
    at: [''],
    field: 'next_bill_due_date',
    detail: 'Quarterly billing outside industry billing needs next_bill_due_date.',
    breaks: (account) => {
      const options = child(account, 'account_billing_options');
      return (
        options !== undefined &&
        options.use_industry_billing !== true &&
        text(options, 'period_length') === 'QUARTERLY' &&
        !given(account, 'next_bill_due_date')
      );
    },
  }),
];

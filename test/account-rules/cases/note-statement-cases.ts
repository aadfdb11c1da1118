import type { RuleCase } from './case-shape.js';

export const noteStatementCases: RuleCase[] = [
  {
    rule: 'Note: Validate note body or document paths provided',
    when: 'a note has neither a body nor documents',
    change: (account) => {
      delete account.notes[0].body;
      account.notes[0].document_paths = [];
    },
    answers: [['notes.0.body', 'note_body_or_document_path_not_found']],
  },
  {
    rule: 'Note: Validate note created at is equal to or before unpin at',
    when: 'a note is to be unpinned the day before it was written',
    change: (account) => {
      account.notes[0].unpin_at = '2024-01-19T09:30:00Z';
    },
    answers: [['notes.0.unpin_at', 'note_unpin_at_earlier_than_creation_date']],
  },
  {
    rule: 'Statement: null',
    when: 'a statement has no document path',
    change: (account) => {
      delete account.statements[0].statement_path;
    },
    answers: [['statements.0.statement_path', 'missing_statement_path_or_pdf_context']],
  },
  {
    rule: 'EnergyAccount: Validate next bill due date provided for quarterly billing',
    when: 'a business account billed quarterly outside industry billing has no next bill date',
    change: (account) => {
      account.account_type = 'BUSINESS';
      account.account_billing_options = {
        use_industry_billing: false,
        period_start_day: 1,
        period_length: 'QUARTERLY',
      };
    },
    answers: [['next_bill_due_date', 'next_bill_to_date_not_provided_for_quarterly_billing']],
  },
];

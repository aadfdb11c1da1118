import type { Json, RuleCase } from './case-shape.js';

const electricity = (account: Json) => account.supply_addresses[0].meter_points[0];
const forgetLastBilledDates = (account: Json) => {
  delete account.last_billed_to_date;
  for (const register of electricity(account).meters[0].registers) delete register.last_billed_to_date;
  delete account.supply_addresses[0].meter_points[1].meters[0].last_billed_to_date;
};
const current = (transaction: Json, transferBalance: string) => (account: Json) => {
  account.current_statement_transactions.push(transaction);
  account.transfer_balance = transferBalance;
};

export const statementTransactionCases: RuleCase[] = [
  {
    rule: 'EnergyAccount: Validate historical statement period end must not be in the future',
    when: 'the last statement closes after today (and nothing has been posted since)',
    change: (account) => {
      account.last_statement_closing_date = '2024-06-10';
      account.current_statement_transactions = [];
      account.transfer_balance = '-131.00';
    },
    answers: [['last_statement_closing_date', 'historical_statement_period_end_in_future']],
  },
  {
    rule: 'EnergyAccount: Validate current statement transactions do not provide billing_document_identifier',
    when: 'a current payment names a billing document',
    change: (account) => {
      account.current_statement_transactions[0].billing_document_identifier = 'B-2024-02';
    },
    answers: [
      [
        'current_statement_transactions.0.billing_document_identifier',
        'billing_document_identifier_not_allowed_for_current_statement_transactions',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate historical statement transaction billing document identifier',
    when: 'a historical charge names another billing document than the first',
    change: (account) => {
      account.historical_statement_transactions[1].billing_document_identifier = 'B-2023-12';
    },
    answers: [
      [
        'historical_statement_transactions.1.billing_document_identifier',
        'historical_statement_billing_document_identifier_mismatch',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate that service can calculate when to start billing the account',
    when: 'an account with no supply address gives no last billed date nor closing date',
    change: (account) => {
      delete account.supply_addresses;
      delete account.last_billed_to_date;
      account.historical_statement_transactions = [];
      account.transfer_balance = '95.00';
    },
    answers: [['last_billed_to_date', 'cannot_determine_responsible_for_billing_from_date']],
  },
  {
    rule: 'EnergyAccount: Validate that if historical statement transaction are provided then so is a last statement closing date or last billed to date',
    when: 'historical transactions come with no last billed date at any level and no closing date',
    change: (account) => {
      forgetLastBilledDates(account);
      account.supply_addresses[0].meter_points.pop();
      for (const register of electricity(account).meters[0].registers) register.is_settlement = false;
    },
    answers: [
      [
        'historical_statement_transactions',
        'historical_statement_transactions_without_last_statement_closing_date_or_last_billed_to_date',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate unique transaction IDs',
    when: 'a historical charge repeats the id of a current payment',
    change: (account) => {
      account.historical_statement_transactions[1].transaction_id = 'P-2024-02-01';
    },
    answers: [['historical_statement_transactions.1.transaction_id', 'duplicate_transaction_ids']],
  },
  {
    rule: 'EnergyAccount: Validate current statement transactions are after historical statement transactions',
    when: 'a historical charge is dated after the first current payment (so also after the last statement closed)',
    change: (account) => {
      account.historical_statement_transactions[1].transaction_date = '2024-02-02';
    },
    answers: [
      [
        'historical_statement_transactions.1.transaction_date',
        'historical_statement_transaction_after_current_statement_transaction',
      ],
      [
        'historical_statement_transactions.1.transaction_date',
        'historical_statement_transaction_after_last_statement_closing_date',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate that there are no historical statement transactions after the last statement closing date',
    when: 'a historical supply charge is dated after the last billed date',
    change: (account) => {
      account.historical_statement_transactions[0].transaction_date = '2024-01-20';
    },
    answers: [
      [
        'historical_statement_transactions.0.transaction_date',
        'historical_statement_transaction_after_last_statement_closing_date',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate that the last statement issue date is on or after the last statement closing date',
    when: 'the last statement is issued the day before it closed',
    change: (account) => {
      account.last_statement_issue_date = '2024-01-14';
    },
    answers: [['last_statement_issue_date', 'last_statement_issued_before_closing_date']],
  },
  {
    rule: 'EnergyAccount: Validate that current statement transactions are not before the current statement opening date',
    when: 'the last statement closes on the day of the first current payment',
    change: (account) => {
      account.last_statement_closing_date = '2024-02-01';
    },
    answers: [
      [
        'current_statement_transactions.0.transaction_date',
        'current_statement_transaction_before_current_statement_opening_date',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate current statement transactions are not before last_billed_to_date',
    when: 'the account is billed to a day after the first current payment',
    change: (account) => {
      account.last_billed_to_date = '2024-02-02';
    },
    answers: [
      [
        'current_statement_transactions.0.transaction_date',
        'current_statement_transaction_before_last_billed_to_date',
      ],
    ],
  },
  {
    rule: 'EnergyAccount: Validate last_statement_balance plus/minus current_statement_transactions equal transfer_balance',
    when: 'the transfer balance is a pound off',
    change: (account) => {
      account.transfer_balance = '-35.00';
    },
    answers: [['transfer_balance', 'balance_mismatch_on_transfer_balance']],
  },
  {
    rule: 'EnergyAccount: Validate that the summed historical statement transactions match the last statement balance',
    when: 'the last statement balance is a pound off the historical transactions (and the transfer balance follows it)',
    change: (account) => {
      account.last_statement_balance = '-130.00';
      account.transfer_balance = '-35.00';
    },
    answers: [['last_statement_balance', 'historical_statement_transactions_balance_mismatch']],
  },
  {
    rule: 'EnergyAccount: Validate that prepay transactions target initialised prepay meters',
    when: 'a payment is sent to a meter that has no prepay details (and so leaves the balance)',
    change: (account) => {
      account.current_statement_transactions[0].to_prepay_meter_serial_number = 'S95A123456';
      account.transfer_balance = '-121.00';
    },
    answers: [
      [
        'current_statement_transactions.0.to_prepay_meter_serial_number',
        'transactions_target_non_initialised_prepay_meter',
      ],
    ],
  },
  {
    rule: 'EnergyCharge.transaction_date: Validate transaction date',
    when: 'a current charge is dated next month',
    change: current(
      {
        type: 'CHARGE',
        transaction_id: 'H-1',
        transaction_date: '2024-07-01',
        amount: '1.00',
        reason: 'DEFAULT',
      },
      '-37.00',
    ),
    answers: [['current_statement_transactions.2.transaction_date', 'transaction_in_future']],
  },
  {
    rule: 'EnergyCredit.transaction_date: Validate transaction date',
    when: 'a current credit is dated tomorrow',
    change: (account) => {
      account.current_statement_transactions[1].transaction_date = '2024-06-02';
    },
    answers: [['current_statement_transactions.1.transaction_date', 'transaction_in_future']],
  },
  {
    rule: 'EnergyPayment.transaction_date: Validate transaction date',
    when: 'a current payment is dated tomorrow',
    change: (account) => {
      account.current_statement_transactions[0].transaction_date = '2024-06-02';
    },
    answers: [['current_statement_transactions.0.transaction_date', 'transaction_in_future']],
  },
  {
    rule: 'EnergyRepayment.transaction_date: Validate transaction date',
    when: 'a current repayment is dated next week',
    change: current(
      { type: 'REPAYMENT', transaction_id: 'R-1', transaction_date: '2024-06-08', amount: '5.00' },
      '-41.00',
    ),
    answers: [['current_statement_transactions.2.transaction_date', 'transaction_in_future']],
  },
  {
    rule: 'EnergySupplyCharge.transaction_date: Validate transaction date',
    when: 'a current supply charge is dated the day after tomorrow',
    change: current(
      {
        type: 'SUPPLY_CHARGE',
        transaction_id: 'S-2',
        transaction_date: '2024-06-03',
        amount: '3.00',
        product_code: 'E-2R-VAR-23-04-01-A',
        line_items: [
          {
            start_date: '2024-05-01',
            end_date: '2024-06-01',
            number_of_units: '10',
            net_amount: '3.00',
            price_per_unit: '0.30',
            rate_band: 'DAY',
          },
        ],
      },
      '-39.00',
    ),
    answers: [['current_statement_transactions.2.transaction_date', 'transaction_in_future']],
  },
];

/** Request bodies the benchmark sends: valid, minimal, as a migration team's ETL would. */

export function accountPayload(supplier: string, externalAccountNumber: string) {
  return {
    import_supplier: supplier,
    external_account_number: externalAccountNumber,
    account_type: 'DOMESTIC',
    last_billed_to_date: '2025-12-31',
    billing_name: 'Ada Lovelace',
    customers: [
      {
        given_name: 'Ada',
        family_name: 'Lovelace',
        email: `${externalAccountNumber.toLowerCase()}@example.com`,
        account_roles: ['ADMIN'],
      },
    ],
    billing_address: {
      country: 'GB',
      street_address: '1 Bench Street',
      locality: 'London',
      postal_code: 'SW1A 1AA',
    },
  };
}

export function transactionsPayload(supplier: string, externalAccountNumber: string, ids: readonly string[]) {
  return {
    import_supplier: supplier,
    external_account_number: externalAccountNumber,
    transactions: ids.map((transactionId, index) => ({
      transaction_id: transactionId,
      transaction_date: `2026-0${1 + (index % 9)}-15`,
      amount: 12.34,
      type: 'CHARGE',
      reason: 'IMPORTED_CHARGE',
      display_note: 'Imported charge',
    })),
  };
}

export function notesPayload(supplier: string, externalAccountNumber: string, body: string) {
  return {
    import_supplier: supplier,
    external_account_number: externalAccountNumber,
    notes: [{ body, created_at: '2026-02-01T10:00:00Z' }],
  };
}

export function statementsPayload(supplier: string, externalAccountNumber: string, statementId: string) {
  return {
    import_supplier: supplier,
    external_account_number: externalAccountNumber,
    statements: [
      {
        statement_id: statementId,
        bill_period_from_date: '2025-11-01',
        bill_period_to_date: '2025-11-30',
        issued_date: '2025-12-02',
        number: `S-${statementId}`,
        gross_amount: 54.21,
      },
    ],
  };
}

/**
 * One line of an ETL or bulk job file: the account carrying `ids.length` transactions of the
 * current statement (after its last billed date, none after today). Creation keeps them with the
 * account; the post-import endpoints create them as records.
 */
export function accountLine(supplier: string, externalAccountNumber: string, ids: readonly string[]) {
  return {
    ...accountPayload(supplier, externalAccountNumber),
    current_statement_transactions: ids.map((transactionId, index) => ({
      type: 'PAYMENT',
      transaction_id: transactionId,
      transaction_date: `2026-0${1 + (index % 9)}-15`,
      amount: '12.34',
      payment_type: 'DD_REGULAR_COLLECTION',
    })),
  };
}

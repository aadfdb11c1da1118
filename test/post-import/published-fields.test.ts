import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient, TABLE_NAME } from '../../functions/store/dynamodb.js';
import { keys } from '../../functions/store/keys.js';
import { paths as accountPaths, accountPayload, stage } from '../accounts/support/accounts.js';
import { api } from '../support/http.js';
import { createImportedAccount } from './support/imported-account.js';
import {
  exampleStatement,
  paymentReference,
  postNotes,
  postPaymentInstruction,
  postStatements,
  postTransactions,
  exampleTransactions as tx,
} from './support/post-import-api.js';
import { prepareAcmeToken, token } from './support/prepare.js';
import { accountItems } from './support/store.js';

prepareAcmeToken();

const statement = exampleStatement;

const usage = {
  average_daily_usage: 8.123456,
  total_consumption: 243.7,
  total_consumption_cost: 73.11,
  total_feed_in_cost: -4.5,
  total_feed_in_energy: 30.25,
  total_supply_cost: 81.02,
  is_reversed: false,
  net_emissions: [
    { from_time: '2025-11-01T00:00:00Z', to_time: '2025-11-16T00:00:00Z', kg_co2_net_emissions: 21.5 },
    { from_time: '2025-11-16T00:00:00Z', to_time: '2025-12-01T00:00:00Z', kg_co2_net_emissions: -0.125 },
  ],
};

const fieldErrors = (json: { errors?: { attr: string; code: string }[] }) =>
  (json.errors ?? []).map(({ attr, code }) => ({ attr, code }));

describe('Notes: external_id and is_archived are accepted, stored and echoed', () => {
  it('stores and echoes external_id and is_archived', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postNotes(token, account, [
      { body: 'Archived remark', external_id: 'CRM-NOTE-1', is_archived: true },
    ]);
    // Assess
    expect(response.status).toBe(201);
    expect(response.json[0]).toMatchObject({
      body: 'Archived remark',
      external_id: 'CRM-NOTE-1',
      is_archived: true,
      status: 'NOTE_CREATION_SUCCESS',
    });
    const [stored] = await accountItems(account.service_account_number, 'NOTE#');
    expect(stored).toMatchObject({ external_id: 'CRM-NOTE-1', is_archived: true });
  });

  it('answers 400 too_long for an external_id over 255 characters and invalid_type for a non-boolean is_archived', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postNotes(token, account, [
      { body: 'x', external_id: 'e'.repeat(256) },
      { body: 'y', is_archived: 'yes' },
    ]);
    // Assess
    expect(response.status).toBe(400);
    expect(fieldErrors(response.json)).toEqual(
      expect.arrayContaining([
        { attr: 'notes.0.external_id', code: 'too_long' },
        { attr: 'notes.1.is_archived', code: 'invalid_type' },
      ]),
    );
    expect(await accountItems(account.service_account_number, 'NOTE#')).toEqual([]);
  });
});

describe('Notes: when external_id is given it is the identity instead of body and created_at', () => {
  it('reports NOTE_ALREADY_EXISTS for the same external_id with a different body and time', async () => {
    // Prepare
    const account = await createImportedAccount();
    await postNotes(token, account, [
      { body: 'first wording', external_id: 'N-1', created_at: '2026-01-01T00:00:00Z' },
    ]);
    // Act
    const response = await postNotes(token, account, [
      { body: 'second wording', external_id: 'N-1', created_at: '2026-02-01T00:00:00Z' },
    ]);
    // Assess
    expect(response.status).toBe(201);
    expect(response.json[0].status).toBe('NOTE_ALREADY_EXISTS');
    expect(await accountItems(account.service_account_number, 'NOTE#')).toHaveLength(1);
  });

  it('creates a note with the same body and time but a different external_id', async () => {
    // Prepare
    const account = await createImportedAccount();
    const note = { body: 'same words', created_at: '2026-01-01T00:00:00Z' };
    await postNotes(token, account, [{ ...note, external_id: 'N-1' }]);
    // Act
    const response = await postNotes(token, account, [
      { ...note, external_id: 'N-2' },
      { ...note, external_id: 'N-2' },
    ]);
    // Assess
    expect(response.json.map((result: { status: string }) => result.status)).toEqual([
      'NOTE_CREATION_SUCCESS',
      'NOTE_ALREADY_EXISTS',
    ]);
    expect(await accountItems(account.service_account_number, 'NOTE#')).toHaveLength(2);
  });
});

describe('Transactions: billing_document_identifier is accepted on every type, stored and echoed', () => {
  it('stores and echoes it for each of the five types', async () => {
    // Prepare
    const account = await createImportedAccount();
    const transactions = [
      tx.charge('B-1'),
      tx.credit('B-2'),
      tx.payment('B-3'),
      tx.repayment('B-4'),
      tx.supplyCharge('B-5'),
    ].map((transaction, i) => ({ ...transaction, billing_document_identifier: `BILL-${i}` }));
    // Act
    const response = await postTransactions(token, account, transactions);
    // Assess
    expect(response.status).toBe(201);
    expect(
      response.json.results.map(
        (result: { transaction_data: Record<string, unknown> }) =>
          result.transaction_data.billing_document_identifier,
      ),
    ).toEqual(['BILL-0', 'BILL-1', 'BILL-2', 'BILL-3', 'BILL-4']);
    const stored = await accountItems(account.service_account_number, 'TXN#');
    expect(stored.map((item) => item.billing_document_identifier).sort()).toEqual([
      'BILL-0',
      'BILL-1',
      'BILL-2',
      'BILL-3',
      'BILL-4',
    ]);
  });

  it('answers TRANSACTION_IMPORT_ERROR too_long for one over 255 characters', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postTransactions(token, account, [
      { ...tx.charge('B-LONG'), billing_document_identifier: 'b'.repeat(256) },
    ]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ status: 'TRANSACTION_IMPORT_ERROR', code: 'too_long' });
    expect(response.json.error_detail).toContain('transactions.0.billing_document_identifier');
  });
});

describe('Statements: usage, cost and emission fields are accepted, stored, echoed and part of the content', () => {
  it('stores and echoes every new field', async () => {
    // Prepare
    const account = await createImportedAccount();
    const statements = [statement('U-1', usage)];
    // Act
    const response = await postStatements(token, account, statements);
    // Assess
    expect(response.status).toBe(201);
    expect(response.json.statements).toEqual(statements);
    const [stored] = await accountItems(account.service_account_number, 'STATEMENT#');
    expect(stored).toMatchObject(usage);
  });

  it('accepts the same content again (201) and answers 409 when only a new field differs', async () => {
    // Prepare
    const account = await createImportedAccount();
    await postStatements(token, account, [statement('U-2', usage)]);
    // Act
    const again = await postStatements(token, account, [statement('U-2', usage)]);
    const reversed = await postStatements(token, account, [
      statement('U-2', { ...usage, is_reversed: true }),
    ]);
    // Assess
    expect(again.status).toBe(201);
    expect(reversed.status).toBe(409);
    expect(reversed.json.code).toBe('historical_statement_already_exists');
  });

  it('answers 400 too_many_decimal_places (costs: 2 places, quantities: 6) and invalid_type for is_reversed', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postStatements(token, account, [
      statement('U-3', {
        total_supply_cost: 1.001,
        total_consumption: 1.1234567,
        is_reversed: 'no',
      }),
    ]);
    // Assess
    expect(response.status).toBe(400);
    expect(fieldErrors(response.json)).toEqual(
      expect.arrayContaining([{ attr: 'statements.0.is_reversed', code: 'invalid_type' }]),
    );
    const ruleResponse = await postStatements(token, account, [
      statement('U-3', { total_supply_cost: 1.001, total_consumption: 1.1234567 }),
    ]);
    expect(fieldErrors(ruleResponse.json)).toEqual([
      { attr: 'statements.0.total_supply_cost', code: 'too_many_decimal_places' },
      { attr: 'statements.0.total_consumption', code: 'too_many_decimal_places' },
    ]);
  });

  it('answers 400 to_time_not_after_from_time at net_emissions.<j>.to_time, and invalid_datetime for a bad time', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postStatements(token, account, [
      statement('U-4', {
        net_emissions: [
          { from_time: '2025-11-01T00:00:00Z', to_time: '2025-12-01T00:00:00Z', kg_co2_net_emissions: 1 },
          { from_time: '2025-11-16T00:00:00Z', to_time: '2025-11-16T00:00:00Z', kg_co2_net_emissions: 1 },
        ],
      }),
      statement('U-5', {
        net_emissions: [{ from_time: 'yesterday', to_time: '2025-12-01T00:00:00Z', kg_co2_net_emissions: 1 }],
      }),
    ]);
    // Assess
    expect(response.status).toBe(400);
    expect(fieldErrors(response.json)).toEqual(
      expect.arrayContaining([{ attr: 'statements.1.net_emissions.0.from_time', code: 'invalid_datetime' }]),
    );
    const ordered = await postStatements(token, account, [
      statement('U-4', {
        net_emissions: [
          {
            from_time: '2025-11-16T00:00:00Z',
            to_time: '2025-11-16T00:00:00Z',
            kg_co2_net_emissions: 1.1234567,
          },
        ],
      }),
    ]);
    expect(fieldErrors(ordered.json)).toEqual([
      { attr: 'statements.0.net_emissions.0.to_time', code: 'to_time_not_after_from_time' },
      { attr: 'statements.0.net_emissions.0.kg_co2_net_emissions', code: 'too_many_decimal_places' },
    ]);
    expect(await accountItems(account.service_account_number, 'STATEMENT#')).toEqual([]);
  });
});

describe('Payment instruction: instruction_reference, ledger_code, use_for_scheduled_payments and valid_from are kept', () => {
  it('stores the optional fields with the instruction', async () => {
    // Prepare
    const account = await createImportedAccount();
    const reference = paymentReference();
    // Act
    const response = await postPaymentInstruction(token, account, {
      vendor: 'STRIPE',
      reference,
      type: 'CARD',
      instruction_reference: 'MANDATE-001',
      ledger_code: 'MAIN',
      use_for_scheduled_payments: true,
      valid_from: '2026-01-01',
    });
    // Assess
    expect(response.status).toBe(201);
    const [stored] = await accountItems(account.service_account_number, 'PAYMENT#');
    expect(stored).toMatchObject({
      instruction_reference: 'MANDATE-001',
      ledger_code: 'MAIN',
      use_for_scheduled_payments: true,
      valid_from: '2026-01-01',
    });
  });

  it('answers 400 too_long, invalid_type and invalid_date for bounds violated', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postPaymentInstruction(token, account, {
      vendor: 'STRIPE',
      reference: 'pm_card_x',
      type: 'CARD',
      instruction_reference: 'r'.repeat(129),
      ledger_code: 7,
      use_for_scheduled_payments: 'yes',
      valid_from: '2026-02-30',
    });
    // Assess
    expect(response.status).toBe(400);
    expect(fieldErrors(response.json)).toEqual(
      expect.arrayContaining([
        { attr: 'instruction_reference', code: 'too_long' },
        { attr: 'ledger_code', code: 'invalid_type' },
        { attr: 'use_for_scheduled_payments', code: 'invalid_type' },
        { attr: 'valid_from', code: 'invalid_date' },
      ]),
    );
    expect(await accountItems(account.service_account_number, 'PAYMENT#')).toEqual([]);
  });
});

describe('Process: operations_team_name is kept on the account and on the import process', () => {
  it('stores the name on both items', async () => {
    // Prepare
    const payload = accountPayload();
    const external = payload.external_account_number as string;
    expect((await stage(token, payload)).status).toBe(201);
    // Act
    const response = await api('POST', accountPaths.process, {
      token,
      body: {
        import_supplier: 'ACME',
        external_account_number: external,
        operations_team_name: 'Migrations North',
      },
    });
    // Assess
    expect(response.status).toBe(201);
    const { Item: account } = await documentClient.send(
      new GetCommand({ TableName: TABLE_NAME, Key: keys.account(response.json.service_account_number) }),
    );
    const { Item: process } = await documentClient.send(
      new GetCommand({ TableName: TABLE_NAME, Key: keys.importProcess('ACME', external) }),
    );
    expect(account?.operations_team_name).toBe('Migrations North');
    expect(process?.operations_team_name).toBe('Migrations North');
  });

  it('answers 400 too_long for a name over 255 characters', async () => {
    // Prepare
    const payload = accountPayload();
    await stage(token, payload);
    // Act
    const response = await api('POST', accountPaths.process, {
      token,
      body: {
        import_supplier: 'ACME',
        external_account_number: payload.external_account_number,
        operations_team_name: 'n'.repeat(256),
      },
    });
    // Assess
    expect(response.status).toBe(400);
    expect(fieldErrors(response.json)).toEqual([{ attr: 'operations_team_name', code: 'too_long' }]);
  });
});

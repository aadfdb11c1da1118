import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { forAccount, waitForEvents } from '../support/events-file.js';
import { putDocument } from './support/documents.js';
import { createImportedAccount, createStagedOnlyAccount } from './support/imported-account.js';
import { exampleStatement, postStatements } from './support/post-import-api.js';
import { prepareAcmeToken, token } from './support/prepare.js';
import { accountItems } from './support/store.js';

prepareAcmeToken();

const statement = exampleStatement;

describe('Historical statements: success is 201 with the validated data', () => {
  it('stores each statement and answers 201 with the request data', async () => {
    // Prepare
    const account = await createImportedAccount();
    const pdf = `statements/${randomUUID()}.pdf`;
    await putDocument(`migrations/acme/${pdf}`);
    const statements = [statement('ST-1', { statement_path: `/${pdf}` }), statement('ST-2')];
    // Act
    const response = await postStatements(token, account, statements);
    // Assess
    expect(response.status).toBe(201);
    expect(response.json).toEqual({
      import_supplier: 'ACME',
      external_account_number: account.external_account_number,
      statements,
    });
    const stored = await accountItems(account.service_account_number, 'STATEMENT#');
    expect(stored.map((item) => item.statement_id).sort()).toEqual(['ST-1', 'ST-2']);
    expect(stored.find((item) => item.statement_id === 'ST-1')?.statement_uri).toBe(
      `s3://${process.env.DATA_IMPORT_BUCKET_NAME}/migrations/acme/${pdf}`,
    );
  });

  it('emits post_import.completed (HISTORICAL_STATEMENT) per statement created', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    await postStatements(token, account, [statement('E-1'), statement('E-2')]);
    // Assess
    const events = await waitForEvents(forAccount(account.external_account_number), { count: 2 });
    expect(events.map((event) => event.detail.payload.identifier).sort()).toEqual(['E-1', 'E-2']);
    expect(events[0]?.detail.payload).toMatchObject({
      resource_type: 'HISTORICAL_STATEMENT',
      import_process_resource_type: 'ACCOUNT',
    });
  });
});

describe('Historical statements: unique per statement_id per account', () => {
  it('accepts the same statement again with 201 and does not store it twice', async () => {
    // Prepare
    const account = await createImportedAccount();
    await postStatements(token, account, [statement('U-1')]);
    // Act
    const again = await postStatements(token, account, [statement('U-1'), statement('U-2')]);
    // Assess
    expect(again.status).toBe(201);
    expect(await accountItems(account.service_account_number, 'STATEMENT#')).toHaveLength(2);
  });

  it('answers 409 historical_statement_already_exists for different content and writes nothing of the request', async () => {
    // Prepare
    const account = await createImportedAccount();
    await postStatements(token, account, [statement('C-1')]);
    // Act
    const response = await postStatements(token, account, [
      statement('C-2'),
      statement('C-1', { gross_amount: 99 }),
    ]);
    // Assess
    expect(response.status).toBe(409);
    expect(response.json).toMatchObject({ code: 'historical_statement_already_exists', statement_id: 'C-1' });
    expect(await accountItems(account.service_account_number, 'STATEMENT#')).toHaveLength(1);
  });

  it('stores one of two identical statements in one request; different content under one id is a 400', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const same = await postStatements(token, account, [statement('I-1'), statement('I-1')]);
    const different = await postStatements(token, account, [
      statement('I-2'),
      statement('I-2', { number: 'other' }),
    ]);
    // Assess
    expect(same.status).toBe(201);
    expect(different.status).toBe(400);
    expect(different.json.errors).toEqual([
      expect.objectContaining({ attr: 'statements.1.statement_id', code: 'duplicate_statement_ids' }),
    ]);
    expect(
      (await accountItems(account.service_account_number, 'STATEMENT#')).map((s) => s.statement_id),
    ).toEqual(['I-1']);
  });
});

describe('Historical statements: field rules', () => {
  it('answers 400 invalid_bill_period when bill_period_from_date is after bill_period_to_date', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postStatements(token, account, [
      statement('P-1', { bill_period_from_date: '2025-12-01' }),
    ]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      expect.objectContaining({ attr: 'statements.0.bill_period_to_date', code: 'invalid_bill_period' }),
    ]);
  });

  it('answers 400 too_many_decimal_places for a gross_amount with more than 2 decimals', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postStatements(token, account, [statement('G-1', { gross_amount: 54.215 })]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      expect.objectContaining({ attr: 'statements.0.gross_amount', code: 'too_many_decimal_places' }),
    ]);
  });

  it('accepts a one-day bill period', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postStatements(token, account, [
      statement('P-2', { bill_period_to_date: '2025-11-01' }),
    ]);
    // Assess
    expect(response.status).toBe(201);
  });

  it('answers 400 for wrong types, missing fields, invalid dates and unknown fields', async () => {
    // Prepare
    const account = await createImportedAccount();
    const { number: _number, ...withoutNumber } = statement('W-3');
    // Act
    const response = await postStatements(token, account, [
      statement('W-1', { gross_amount: '54.21' }),
      statement('W-2', { issued_date: '2025-13-01' }),
      withoutNumber,
      statement('W-4', { pdf: 'x' }),
    ]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ attr: 'statements.0.gross_amount', code: 'invalid_type' }),
        expect.objectContaining({ attr: 'statements.1.issued_date', code: 'invalid_date' }),
        expect.objectContaining({ attr: 'statements.2.number', code: 'required' }),
        expect.objectContaining({ attr: 'statements.3.pdf', code: 'unknown_field' }),
      ]),
    );
  });

  it('answers 404 account_not_found for an account that is only staged', async () => {
    // Prepare
    const external = await createStagedOnlyAccount();
    // Act
    const response = await postStatements(
      token,
      { import_supplier: 'ACME', external_account_number: external },
      [statement('Z')],
    );
    // Assess
    expect(response.status).toBe(404);
    expect(response.json.code).toBe('account_not_found');
  });
});

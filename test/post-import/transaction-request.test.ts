import { describe, expect, it } from 'vitest';
import { api } from '../support/http.js';
import { createImportedAccount, createStagedOnlyAccount } from './support/imported-account.js';
import { paths, postTransactions, exampleTransactions as tx } from './support/post-import-api.js';
import { prepareAcmeToken, token } from './support/prepare.js';

prepareAcmeToken();

describe('Transactions: request-level failures use the standard validation body', () => {
  it('answers 400 duplicate_transaction_ids for an id sent twice in one request', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postTransactions(token, account, [tx.charge('S'), tx.credit('T'), tx.charge('S')]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: 'invalid_request',
      errors: [{ attr: 'transactions.2.transaction_id', code: 'duplicate_transaction_ids' }],
    });
  });

  it('answers 400 too_many_items for more than 1000 transactions', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postTransactions(
      token,
      account,
      Array.from({ length: 1001 }, (_, i) => tx.charge(`M-${i}`)),
    );
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      expect.objectContaining({ attr: 'transactions', code: 'too_many_items' }),
    ]);
  });

  it.each(['yes', '', 'TRUEISH', '2'])(
    'answers 400 invalid_boolean for force_add_to_current_statement=%j',
    async (value) => {
      // Prepare
      const account = await createImportedAccount();
      // Act
      const response = await postTransactions(token, account, [tx.charge('Q')], {
        force_add_to_current_statement: value,
      });
      // Assess
      expect(response.status).toBe(400);
      expect(response.json.errors).toEqual([
        expect.objectContaining({ attr: 'force_add_to_current_statement', code: 'invalid_boolean' }),
      ]);
    },
  );

  it.each(['true', 'false', '1', '0', 'TRUE'])('accepts check_previously_added=%s', async (value) => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postTransactions(token, account, [tx.charge('Q')], {
      check_previously_added: value,
    });
    // Assess
    expect(response.status).toBe(201);
  });

  it('answers 400 for a missing transactions array and for unknown top-level fields', async () => {
    // Act
    const missing = await api('POST', paths.transactions, {
      token,
      body: { import_supplier: 'ACME', external_account_number: 'x' },
    });
    const unknown = await api('POST', paths.transactions, {
      token,
      body: { import_supplier: 'ACME', external_account_number: 'x', transactions: [], extra: 1 },
    });
    // Assess
    expect(missing.json.errors).toEqual([
      expect.objectContaining({ attr: 'transactions', code: 'required' }),
    ]);
    expect(unknown.json.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ attr: 'extra', code: 'unknown_field' })]),
    );
  });

  it('answers 404 account_not_found for an account that is only staged', async () => {
    // Prepare
    const external = await createStagedOnlyAccount();
    // Act
    const response = await postTransactions(
      token,
      { import_supplier: 'ACME', external_account_number: external },
      [tx.charge('Z')],
    );
    // Assess
    expect(response.status).toBe(404);
    expect(response.json.code).toBe('account_not_found');
  });
});

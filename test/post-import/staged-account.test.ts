import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../support/http.js';
import { createStagedOnlyAccount, externalNumber } from './support/imported-account.js';
import {
  type AccountRef,
  exampleStatement,
  exampleTransactions,
  postNotes,
  postPaymentInstruction,
  postStatements,
  postTransactions,
} from './support/post-import-api.js';
import { prepareAcmeToken, token } from './support/prepare.js';

prepareAcmeToken();

/** Each post-import POST with a body that would be accepted for an imported account. */
const calls: [string, (account: AccountRef) => Promise<ApiResult>][] = [
  ['notes', (account) => postNotes(token, account, [{ body: 'x' }])],
  ['transactions', (account) => postTransactions(token, account, [exampleTransactions.charge('T-1')])],
  ['historical statements', (account) => postStatements(token, account, [exampleStatement('ST-1')])],
  [
    'payment instruction',
    (account) =>
      postPaymentInstruction(token, account, { vendor: 'STRIPE', reference: 'pm_card_staged', type: 'CARD' }),
  ],
];

describe('Rule: a post-import call for an account that is staged but not created is 404 account_not_found whose detail names process/', () => {
  it.each(calls)(
    '%s: the detail says the account is staged but not created and names process/',
    async (_, call) => {
      // Prepare
      const external = await createStagedOnlyAccount();
      // Act
      const response = await call({ import_supplier: 'ACME', external_account_number: external });
      // Assess
      expect(response.status).toBe(404);
      expect(response.json.code).toBe('account_not_found');
      expect(response.json.detail).toMatch(/staged but not created/);
      expect(response.json.detail).toContain('/v1/data-import/account-import-process/process/');
    },
  );

  it('an account never staged keeps the answer that names no next step', async () => {
    // Act
    const response = await postNotes(
      token,
      { import_supplier: 'ACME', external_account_number: externalNumber() },
      [{ body: 'x' }],
    );
    // Assess
    expect(response.status).toBe(404);
    expect(response.json).toEqual({
      code: 'account_not_found',
      detail: 'No imported account matches this import supplier and external account number.',
    });
  });
});

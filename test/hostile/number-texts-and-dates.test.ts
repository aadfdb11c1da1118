import { beforeAll, describe, expect, it } from 'vitest';
import { isoDate } from '../../functions/rules/values/dates.js';
import { accountPayload, stage } from '../accounts/support/accounts.js';
import { createImportedAccount } from '../post-import/support/imported-account.js';
import { paths } from '../post-import/support/post-import-api.js';
import { postText } from './support/raw-http.js';
import {
  accountPartition,
  createWorld,
  type HostileWorld,
  partitionItems,
  uniqueExternal,
} from './support/world.js';

/**
 * Money given as JSON number texts that a double cannot hold, and dates at the edge of the
 * statement period: each is refused with a 4xx and stores nothing (before the fix, 201).
 */
let world: HostileWorld;
beforeAll(async () => {
  world = await createWorld('NUM');
});

const transactionText = (amountText: string) =>
  `{"transaction_id":"N-1","transaction_date":"2026-02-01","amount":${amountText},"type":"CHARGE","reason":"IMPORTED_CHARGE","display_note":"n","note":"n"}`;

describe('Rule: an amount is judged on the JSON text it was written with, not on the rounded double', () => {
  it.each(['0.1000000000000000000001', '-1E-400', '1.0000000000000001'])(
    'a transaction amount of %s → 400 too_many_decimal_places, nothing stored',
    async (amountText) => {
      // Prepare
      const account = await createImportedAccount({
        supplier: world.supplier,
        externalAccountNumber: uniqueExternal('NUM'),
      });
      const body = `{"import_supplier":"${account.import_supplier}","external_account_number":"${account.external_account_number}","transactions":[${transactionText(amountText)}]}`;
      // Act
      const response = await postText(paths.transactions, world.token, body);
      // Assess
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({
        status: 'TRANSACTION_IMPORT_ERROR',
        code: 'too_many_decimal_places',
      });
      const stored = await partitionItems(accountPartition(account.service_account_number));
      expect(stored.filter((item) => String(item.sk).startsWith('TXN#'))).toEqual([]);
    },
  );
});

describe('Rule: last_billed_to_date must be before today', () => {
  it('staging an account billed to today → 400 date_not_before_today', async () => {
    // Act
    const response = await stage(
      world.token,
      // Without the current statement's transactions (a rule dates them after the last billed date) and the balance they make.
      accountPayload(
        {
          last_billed_to_date: isoDate(new Date()),
          current_statement_transactions: [],
          transfer_balance: undefined,
        },
        world.supplier,
      ),
    );
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      expect.objectContaining({ attr: 'last_billed_to_date', code: 'date_not_before_today' }),
    ]);
  });
});

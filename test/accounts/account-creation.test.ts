import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { Account } from '../../functions/rules/account/account.js';
import { requireImported } from '../../functions/rules/import-process.js';
import { documentClient, TABLE_NAME } from '../../functions/store/dynamodb.js';
import { getImportProcess } from '../../functions/store/import-process-store.js';
import { keys } from '../../functions/store/keys.js';
import { processAccount } from '../../functions/use-cases/process-account.js';
import { stageAccount } from '../../functions/use-cases/stage-account.js';
import { accountPayload, externalNumber } from './support/accounts.js';
import { recordDynamoDbCommands } from './support/in-process.js';
import { stagedAccount } from './support/store.js';

const recorder = recordDynamoDbCommands();
afterAll(() => recorder.stop());

async function accountPartition(number: string) {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.account(number).pk },
    }),
  );
  return Items;
}

describe('Creating an account', () => {
  it('writes the account, its first open statement period (day after last_billed_to_date) and COMPLETED', async () => {
    // Prepare
    const external = externalNumber();
    const account = stagedAccount('ACME', external, { last_billed_to_date: '2024-02-29' });
    await stageAccount('ACME', account, new Date());

    // Act
    const created = await processAccount({
      supplier: 'ACME',
      externalAccountNumber: external,
      now: new Date(),
    });

    // Assess
    const number = created.service_account_number;
    const process = await getImportProcess('ACME', external);
    expect(requireImported(process)).toEqual({
      import_supplier: 'ACME',
      external_account_number: external,
      service_account_number: number,
      ledger_number: `L-${number.slice(2)}`,
      open_statement_period_start: '2024-03-01',
      account_created_at: expect.stringMatching(/Z$/),
    });
    const items = await accountPartition(number);
    expect(items.map((item) => item.sk.replace(/^USER#\d+$/, 'USER#<id>')).sort()).toEqual([
      'ACCOUNT',
      'METERPOINTS',
      'PERIOD#2024-03-01',
      'SUMMARY#CREATED',
      ...(account.customers ?? []).map(() => 'USER#<id>'),
    ]);
    expect(items.find((item) => item.sk === 'ACCOUNT')).toMatchObject({
      account_number: number,
      ledger_number: `L-${number.slice(2)}`,
      next_ledger_entry_id: 1,
      import_supplier: 'ACME',
      external_account_number: external,
    });
    expect(items.find((item) => item.sk.startsWith('PERIOD#'))).toMatchObject({
      start_date: '2024-03-01',
      is_open: true,
    });
    const { Item: staged } = await documentClient.send(
      new GetCommand({ TableName: TABLE_NAME, Key: keys.stagedAccount('ACME', external) }),
    );
    expect(staged).toBeUndefined();
  });

  it('without last_billed_to_date the period starts on the creation date (UTC)', async () => {
    const external = externalNumber();
    // Where billing starts is then the agreements' business (the published rule asks for one of the two).
    const {
      last_billed_to_date: _none,
      transfer_balance: _balance,
      ...account
    } = accountPayload({
      external_account_number: external,
      historical_statement_transactions: [],
      statements: [],
    });
    await stageAccount('ACME', account as Account, new Date());
    const now = new Date();
    await processAccount({ supplier: 'ACME', externalAccountNumber: external, now });
    const process = await getImportProcess('ACME', external);
    expect(process?.open_statement_period_start).toBe(now.toISOString().slice(0, 10));
  });
});

describe('DynamoDB request economy', () => {
  it('a first staging is 1 request, a re-staging 2, a creation with nothing embedded 7 (lock, staged account, supplier, reference data, ids, reservation, completion)', async () => {
    const external = externalNumber();
    const account = stagedAccount('ACME', external);

    recorder.commands.length = 0;
    expect(await stageAccount('ACME', account, new Date())).toBe('created');
    expect(recorder.commands).toEqual(['TransactWriteItemsCommand']);

    recorder.commands.length = 0;
    expect(await stageAccount('ACME', account, new Date())).toBe('replaced');
    expect(recorder.commands).toEqual(['TransactWriteItemsCommand', 'TransactWriteItemsCommand']);

    recorder.commands.length = 0;
    await processAccount({ supplier: 'ACME', externalAccountNumber: external, now: new Date() });
    expect(recorder.commands).toEqual([
      'UpdateItemCommand',
      'GetItemCommand',
      'GetItemCommand',
      'QueryCommand',
      'UpdateItemCommand',
      'TransactWriteItemsCommand',
      'TransactWriteItemsCommand',
    ]);
  });
});

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { RetryableError } from '../errors.js';
import { type EventDetail, outboxPut } from '../events/outbox.js';
import type { ImportedAccount } from '../rules/import-process.js';
import type { PaymentInstructionRecord } from '../rules/payments/payment-instruction.js';
import { paymentSummaryPut } from './account-summary-store.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { keys } from './keys.js';
import { transactWriteWithRetry } from './transact-write-retry.js';

/** Payment instructions of an account (`ACCOUNT#<service number>` / `PAYMENT#<vendor>#<reference>`). */

export async function getPaymentInstruction(
  account: ImportedAccount,
  vendor: string,
  reference: string,
): Promise<PaymentInstructionRecord | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.paymentInstruction(account.service_account_number, vendor, reference),
      ConsistentRead: true,
    }),
  );
  return Item as PaymentInstructionRecord | undefined;
}

/**
 * Stores the instruction with its events in one transaction, unless it exists already.
 * Returns true when this call stored it, false when it was there (a concurrent request).
 * `outcome`: what the caller returns when it stored it (see `ConditionalWrite.outcome`).
 */
export async function storePaymentInstruction(
  account: ImportedAccount,
  record: PaymentInstructionRecord,
  events: readonly EventDetail[],
  outcome?: () => unknown,
): Promise<boolean> {
  let exists = false;
  return transactWriteWithRetry({
    items: () =>
      exists
        ? undefined
        : [
            {
              Put: {
                TableName: TABLE_NAME,
                Item: {
                  ...keys.paymentInstruction(account.service_account_number, record.vendor, record.reference),
                  entity: 'PaymentInstruction',
                  ...record,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            // The instruction the account summary shows, in the same transaction.
            paymentSummaryPut(account.service_account_number, record),
            // An account's instructions at its creation are announced by the creation's events: none here.
            ...(events.length > 0 ? [outboxPut(TABLE_NAME, events)] : []),
          ],
    resolve: (reasons) => {
      if (reasons[0]?.code !== 'ConditionalCheckFailed') throw new RetryableError();
      exists = true;
      return 'retry-now';
    },
    ...(outcome ? { outcome } : {}),
  });
}

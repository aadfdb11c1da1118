import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { RetryableError } from '../errors.js';
import { type EventDetail, outboxPut } from '../events/outbox.js';
import type { ImportedAccount } from '../rules/import-process.js';
import type { PaymentInstructionRecord } from '../rules/payments/payment-instruction.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { keys } from './keys.js';
import { backoff, isConflictOnly, transactWrite } from './transact-write.js';

/** Payment instructions of an account (`ACCOUNT#<service number>` / `PAYMENT#<vendor>#<reference>`). */

const MAX_ATTEMPTS = 8;

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
 */
export async function storePaymentInstruction(
  account: ImportedAccount,
  record: PaymentInstructionRecord,
  events: readonly EventDetail[],
): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const result = await transactWrite([
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
      outboxPut(TABLE_NAME, events),
    ]);
    if (result.ok) return true;
    if (result.reasons[0]?.code === 'ConditionalCheckFailed') return false;
    if (attempt >= MAX_ATTEMPTS || !isConflictOnly(result.reasons)) throw new RetryableError();
    await backoff(attempt);
  }
}

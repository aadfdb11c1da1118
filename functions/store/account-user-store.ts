import { LIMITS, TABLE_NAME } from './dynamodb.js';
import { keys } from './keys.js';
import type { TransactItem } from './transact-write.js';
import { transactWriteWithRetry } from './transact-write-retry.js';

/** A user creation makes from one of the account's `customers` items. */
export interface AccountUserToStore {
  user_id: number;
  /** Its position in the account's `customers`. */
  customer_index: number;
  email?: string;
  [field: string]: unknown;
}

/**
 * Stores the account's users (`ACCOUNT#<number>` / `USER#<user id>`): unconditional Puts of
 * content fixed by the creation's reservation, so writing them again after a crash leaves each
 * user once and as it was. One TransactWriteItems per 100 users.
 */
/** The Put of one user (unconditional: its content is fixed by the reservation). */
export function accountUserPut(
  serviceAccountNumber: string,
  user: AccountUserToStore,
  createdAt: string,
): TransactItem {
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: {
        ...keys.accountUser(serviceAccountNumber, user.user_id),
        entity: 'AccountUser',
        account_number: serviceAccountNumber,
        created_at: createdAt,
        ...user,
      },
    },
  };
}

export async function storeAccountUsers(
  serviceAccountNumber: string,
  users: readonly AccountUserToStore[],
  createdAt: string,
): Promise<void> {
  for (let start = 0; start < users.length; start += LIMITS.transactWriteItems) {
    const chunk = users.slice(start, start + LIMITS.transactWriteItems);
    await transactWriteWithRetry({
      items: (): TransactItem[] => chunk.map((user) => accountUserPut(serviceAccountNumber, user, createdAt)),
      resolve: (reasons) => {
        throw new Error(`Account user write cancelled: ${reasons.map((reason) => reason.code).join(',')}`);
      },
    });
  }
}

import { type EventDetail, outboxPut } from '../events/outbox.js';
import type { ImportedAccount } from '../rules/import-process.js';
import type { StatementToStore } from '../rules/statements/statement.js';
import { judgeAgainstStored } from '../rules/statements/statement-identity.js';
import { SummaryShard, summaryUpdate } from './account-summary-store.js';
import { batchGetItems, itemKey } from './batch-get.js';
import { LIMITS, TABLE_NAME } from './dynamodb.js';
import { keys } from './keys.js';
import type { TransactItem } from './transact-write.js';
import { transactWriteWithRetry } from './transact-write-retry.js';

/**
 * Historical statements of an account (`ACCOUNT#<service number>` / `STATEMENT#<statement_id>`).
 * TransactWriteItems of ≤98 Puts conditional on attribute_not_exists (ALL_OLD on failure), one
 * Update of a shard of the account's summary aggregates and one outbox item. A request that fits
 * one write reads nothing first: a cancellation returns each stored statement, which the rule
 * (../rules/statements/statement-identity.ts) judges (same content → skipped and the write
 * retried without it; other content → 409, and the cancelled write stored nothing). A request
 * of several writes reads its keys first (BatchGetItem), so that a 409 comes before its first
 * write.
 */

function statementItem(account: ImportedAccount, statement: StatementToStore, recordedAt: string) {
  const { index: _index, ...fields } = statement;
  return {
    ...keys.historicalStatement(account.service_account_number, statement.statement_id),
    entity: 'HistoricalStatement',
    account_number: account.service_account_number,
    ...fields,
    recorded_at: recordedAt,
  };
}

/**
 * Stores the statements the account does not have yet (a stored one with the same content is
 * skipped; with different content → 409, before anything of the request is written unless a
 * concurrent request wrote it in between). Returns the statement ids created.
 */
export async function storeNewStatements(
  account: ImportedAccount,
  statements: readonly StatementToStore[],
  eventsFor: (created: readonly StatementToStore[]) => EventDetail[],
): Promise<Set<string>> {
  const keyOf = (statement: StatementToStore) =>
    keys.historicalStatement(account.service_account_number, statement.statement_id);
  const capacity = LIMITS.transactWriteItems - 2;
  let fresh = statements;
  if (statements.length > capacity) {
    const found = await batchGetItems(statements.map(keyOf), ['pk', 'sk', 'content_hash']);
    fresh = statements.filter(
      (statement) => judgeAgainstStored(statement, found.get(itemKey(keyOf(statement)))) === 'new',
    );
  }
  const created = new Set<string>();
  const shard = new SummaryShard();
  for (let start = 0; start < fresh.length; start += capacity) {
    let pending = fresh.slice(start, start + capacity);
    const wrote = await transactWriteWithRetry({
      items: () => {
        if (pending.length === 0) return undefined;
        const recordedAt = new Date().toISOString();
        const items: TransactItem[] = pending.map((statement) => ({
          Put: {
            TableName: TABLE_NAME,
            Item: statementItem(account, statement, recordedAt),
            ConditionExpression: 'attribute_not_exists(pk)',
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        }));
        // The account summary's statement count and ids, in the same transaction.
        const statementIds = pending.map((statement) => statement.statement_id);
        items.push(summaryUpdate(account.service_account_number, shard, { statementIds }) as TransactItem);
        const events = eventsFor(pending);
        if (events.length > 0) items.push(outboxPut(TABLE_NAME, events));
        return items;
      },
      resolve: (reasons) => {
        if (shard.overflowed(reasons[pending.length])) return 'retry-now';
        const existing = new Set<string>();
        pending.forEach((statement, position) => {
          const reason = reasons[position];
          if (reason?.code !== 'ConditionalCheckFailed') return;
          // Stored now (before, or by a concurrent request): the same content or a 409.
          if (reason.item) judgeAgainstStored(statement, reason.item);
          existing.add(statement.statement_id);
        });
        if (existing.size === 0) {
          throw new Error(`Statement write cancelled: ${reasons.map((r) => r.code).join(',')}`);
        }
        pending = pending.filter((statement) => !existing.has(statement.statement_id));
        return 'retry-now';
      },
    });
    if (wrote) for (const statement of pending) created.add(statement.statement_id);
  }
  return created;
}

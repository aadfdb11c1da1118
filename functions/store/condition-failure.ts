/**
 * Whether a single-item write (PutItem, UpdateItem, DeleteItem) was refused because its condition
 * did not hold: the one test of it, for every store. A transaction's refusal is read per item from
 * its cancellation reasons instead (`ConditionalCheckFailed`, see ./transact-write.ts).
 */
export function isConditionFailure(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'ConditionalCheckFailedException';
}

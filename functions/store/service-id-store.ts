import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { keys } from './keys.js';

/**
 * Integer ids the service allocates (the catalogue types `user_id` and `id` as integers): one
 * counter per environment, `next_id` the next free id. A caller takes ONE consecutive block with
 * one UpdateItem `ADD next_id :count`, whose answer gives the block's end, so ids are unique
 * whatever runs at the same time. A block whose holder dies before using it stays unused (a gap):
 * the creation that takes a block records it in the write that uses it first.
 */
export async function allocateServiceIds(count: number): Promise<number> {
  if (!Number.isSafeInteger(count) || count < 1) throw new Error('allocateServiceIds needs a positive count');
  const { Attributes } = await documentClient.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: keys.serviceIds(),
      UpdateExpression: 'ADD next_id :count SET entity = :entity',
      ExpressionAttributeValues: { ':count': count, ':entity': 'ServiceIdCounter' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const end = Number(Attributes?.next_id);
  if (!Number.isSafeInteger(end) || end < count) throw new Error('Invalid next_id');
  // The counter starts absent (0): the first block is 1..count.
  return end - count + 1;
}

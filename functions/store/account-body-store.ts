import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PutCommand, paginateQuery } from '@aws-sdk/lib-dynamodb';
import type { Account } from '../rules/account/account.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { keys } from './keys.js';

/**
 * Where a whole account's body is kept: gzip-compressed JSON, in the item that holds it (the
 * staged account, the v2 task, the created account) when it fits, else in parts of its own.
 *
 * - Inline (`account_data`): up to {@link INLINE_BODY_BYTES} compressed bytes, so that the three
 *   items of an account's partition that may carry a body (PROCESS, STAGED, TASK) come back in
 *   one 1 MB Query page and a transaction that writes two of them stays far below 4 MB.
 * - In parts (`account_body: {sha256, parts}`): the compressed body cut into items
 *   `ACCOUNTBODY#<sha256>` / `PART#<n>` of at most {@link PART_BYTES} each (an item holds
 *   400 KB), written with PutItem before the transaction that refers to them. The key is the
 *   hash of the content, so writing the same body again writes the same items: a retry after a
 *   crash between the parts and the transaction converges, and the parts a replaced staging
 *   leaves behind are never read again (kept; they are not a second copy of anything live).
 *
 * A request body is at most 6 MB (Lambda's synchronous payload), so an account has at most
 * 6 MB / {@link PART_BYTES} parts, even when it does not compress at all.
 */
export const INLINE_BODY_BYTES = 350_000;
export const PART_BYTES = 350_000;

/** The attributes an item carries for its account body (spread into the item). */
export type AccountBodyAttributes =
  | { account_data: Uint8Array }
  | { account_body: { sha256: string; parts: number; bytes: number } };

interface EncodedBody {
  attributes: AccountBodyAttributes;
  parts: Uint8Array[];
}

/** The compressed body, inline or cut into parts. Pure. */
export function encodeAccountBody(account: Account): EncodedBody {
  const data = gzipSync(Buffer.from(JSON.stringify(account), 'utf8'));
  if (data.byteLength <= INLINE_BODY_BYTES) return { attributes: { account_data: data }, parts: [] };
  const sha256 = createHash('sha256').update(data).digest('hex');
  const parts: Uint8Array[] = [];
  for (let start = 0; start < data.byteLength; start += PART_BYTES) {
    parts.push(data.subarray(start, start + PART_BYTES));
  }
  return { attributes: { account_body: { sha256, parts: parts.length, bytes: data.byteLength } }, parts };
}

/** Writes the body's parts, if it has any, and answers the attributes that refer to it. */
export async function storeAccountBody(account: Account): Promise<AccountBodyAttributes> {
  const { attributes, parts } = encodeAccountBody(account);
  if ('account_body' in attributes) {
    const { sha256 } = attributes.account_body;
    await Promise.all(
      parts.map((data, index) =>
        documentClient.send(
          new PutCommand({
            TableName: TABLE_NAME,
            Item: { ...keys.accountBodyPart(sha256, index), entity: 'AccountBodyPart', data },
          }),
        ),
      ),
    );
  }
  return attributes;
}

/** The body attributes an item carries, as stored (another item may refer to the same body). */
export function bodyAttributesOf(
  item: Record<string, unknown> | undefined,
): AccountBodyAttributes | undefined {
  if (item?.account_data) return { account_data: item.account_data as Uint8Array };
  if (item?.account_body)
    return { account_body: item.account_body as { sha256: string; parts: number; bytes: number } };
  return undefined;
}

const decode = (data: Uint8Array): Account => JSON.parse(gunzipSync(data).toString('utf8')) as Account;

/** The account an item's body attributes hold (undefined when the item holds none). */
export async function readAccountBody(
  item: Record<string, unknown> | undefined,
): Promise<Account | undefined> {
  if (item?.account_data) return decode(item.account_data as Uint8Array);
  const reference = item?.account_body as { sha256: string; parts: number } | undefined;
  if (!reference) return undefined;
  const { pk } = keys.accountBodyPart(reference.sha256, 0);
  const parts: Uint8Array[] = [];
  const pages = paginateQuery(
    { client: documentClient },
    {
      TableName: TABLE_NAME,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    },
  );
  for await (const page of pages) for (const part of page.Items ?? []) parts.push(part.data as Uint8Array);
  const data = Buffer.concat(parts);
  // Parts are written before anything refers to them: a body that is not whole is a defect, not a race.
  if (
    parts.length !== reference.parts ||
    createHash('sha256').update(data).digest('hex') !== reference.sha256
  ) {
    throw new Error(
      `account body ${reference.sha256} is not whole (${parts.length} of ${reference.parts} parts)`,
    );
  }
  return decode(data);
}

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportProcess } from '../domain/import-process.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { keys } from './keys.js';

/** Reads one import process (strongly consistent: a process just created must be visible). */
export async function getImportProcess(
  supplier: string,
  externalAccountNumber: string,
): Promise<ImportProcess | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.importProcess(supplier, externalAccountNumber),
      ConsistentRead: true,
    }),
  );
  return Item as ImportProcess | undefined;
}

import {
  type AttributeValue,
  type DynamoDBClient,
  GetItemCommand,
  QueryCommand,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '../../functions/store/table-definition.js';
import { splitKey } from './creation-meter.js';

/**
 * The floor of an account's creation: what writing the items it left in the table costs when each
 * is written once with its own PutItem, outside any transaction. Per item, 1 write unit per started
 * KB of its size (as DynamoDB sizes items: attribute names and values), plus, for each index that
 * copies it (it carries the index's keys), 1 unit per started KB of the copy (the table's keys,
 * the index's keys and the projected attributes). A transactional write costs twice that: the
 * measured figure counts it so, the floor does not (it is what the items cost at best).
 */

type Item = Record<string, AttributeValue>;

export interface FloorFamily {
  items: number;
  bytes: number;
  write_units: number;
}

export interface CreationFloor {
  items: number;
  bytes: number;
  write_units_table: number;
  write_units_indexes: number;
  write_units: number;
  /** By key family (`<pk prefix>/<sk prefix>`, e.g. `ACCOUNT/TXN`, `METERPOINT/METERPOINT`, `OUTBOX/OUTBOX`). */
  by_family: Record<string, FloorFamily>;
}

/** DynamoDB's size of a number: about one byte per two significant digits, plus one. */
function numberBytes(n: string): number {
  const digits = n.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

/** The size DynamoDB gives one attribute value. */
export function valueBytes(value: AttributeValue): number {
  if (value.S !== undefined) return Buffer.byteLength(value.S);
  if (value.N !== undefined) return numberBytes(value.N);
  if (value.B !== undefined) return value.B.byteLength;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.SS) return value.SS.reduce((sum, s) => sum + Buffer.byteLength(s), 0);
  if (value.NS) return value.NS.reduce((sum, n) => sum + numberBytes(n), 0);
  if (value.BS) return value.BS.reduce((sum, b) => sum + b.byteLength, 0);
  if (value.L) return 3 + value.L.reduce((sum, v) => sum + 1 + valueBytes(v), 0);
  if (value.M)
    return (
      3 + Object.entries(value.M).reduce((sum, [k, v]) => sum + 1 + Buffer.byteLength(k) + valueBytes(v), 0)
    );
  return 0;
}

/** The size DynamoDB gives an item: each attribute's name and value. */
export function itemBytes(item: Item): number {
  return Object.entries(item).reduce(
    (sum, [name, value]) => sum + Buffer.byteLength(name) + valueBytes(value),
    0,
  );
}

const units = (bytes: number) => Math.ceil(bytes / 1024);

type IndexDefinition = (typeof tableDefinition.globalSecondaryIndexes)[number];

/** The copy of an item an index keeps (the table's and the index's keys, the projected attributes); none without its keys. */
export function indexCopy(item: Item, index: IndexDefinition): Item | undefined {
  if (!item[index.partitionKey] || !item[index.sortKey]) return undefined;
  const projected: readonly string[] | undefined =
    'nonKeyAttributes' in index ? index.nonKeyAttributes : undefined;
  const names = projected ? ['pk', 'sk', index.partitionKey, index.sortKey, ...projected] : Object.keys(item);
  return Object.fromEntries(names.filter((name) => item[name]).map((name) => [name, item[name]!]));
}

/** Write units of the index copies of an item, written once. */
export function indexWriteUnits(item: Item): number {
  return tableDefinition.globalSecondaryIndexes.reduce((sum, index) => {
    const copy = indexCopy(item, index);
    return sum + (copy ? units(itemBytes(copy)) : 0);
  }, 0);
}

const familyOf = (item: Item) => `${String(item.pk?.S).split('#')[0]}/${String(item.sk?.S).split('#')[0]}`;

export function creationFloor(items: readonly Item[]): CreationFloor {
  const floor: CreationFloor = {
    items: 0,
    bytes: 0,
    write_units_table: 0,
    write_units_indexes: 0,
    write_units: 0,
    by_family: {},
  };
  for (const item of items) {
    const bytes = itemBytes(item);
    const table = units(bytes);
    const indexes = indexWriteUnits(item);
    floor.items++;
    floor.bytes += bytes;
    floor.write_units_table += table;
    floor.write_units_indexes += indexes;
    const family = floor.by_family[familyOf(item)] ?? { items: 0, bytes: 0, write_units: 0 };
    floor.by_family[familyOf(item)] = family;
    family.items++;
    family.bytes += bytes;
    family.write_units += table + indexes;
  }
  floor.write_units = floor.write_units_table + floor.write_units_indexes;
  return floor;
}

/**
 * The items a creation left: every key its writes touched and did not delete last (read back, so
 * an item written then updated counts once, as it stands), and every item of the account's
 * partition `ACCOUNT#<service number>` (however it got there). Read with strongly consistent
 * reads, outside any API invocation (not metered).
 */
export async function itemsLeft(
  client: DynamoDBClient,
  tableName: string,
  keptKeys: readonly string[],
  serviceAccountNumber: string,
): Promise<Item[]> {
  const found = new Map<string, Item>();
  const keyText = (item: Item) => `${item.pk?.S}\u241f${item.sk?.S}`;
  let start: Item | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: `ACCOUNT#${serviceAccountNumber}` } },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) found.set(keyText(item), item);
    start = page.LastEvaluatedKey;
  } while (start);
  for (const key of keptKeys) {
    if (found.has(key)) continue;
    const { pk, sk } = splitKey(key);
    const { Item } = await client.send(
      new GetItemCommand({
        TableName: tableName,
        Key: { pk: { S: pk }, sk: { S: sk } },
        ConsistentRead: true,
      }),
    );
    if (Item) found.set(key, Item);
  }
  return [...found.values()];
}

import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { currentInvocation } from '../../infra/local/invocation-context.js';
import type { Capacity } from './capacity-meter.js';
import { readImages, transactionUnits } from './transaction-units.js';

/**
 * Meters what the API functions send to DynamoDB while an account is created (stage, then
 * process): per operation, the requests and the capacity units DynamoDB reports (each request asks
 * for `ReturnConsumedCapacity: INDEXES`, as ./capacity-meter.ts does), and the key of every item a
 * write touched, whatever the write (PutItem, UpdateItem, DeleteItem, BatchWriteItem,
 * TransactWriteItems), so that the items creation left can be read back for the floor. Only
 * requests made inside an invocation of an API function count (as ../support/request-counter.ts
 * with `apiInvocationsOnly`): the runtime's background workers share the client.
 *
 * With a `reader` (a client of its own, unmetered), a TransactWriteItems is counted from the images
 * of its items read just before and after it (./transaction-units.ts: DynamoDB Local under-reports
 * transactions); those reads add to the request's time, so time is measured without a reader.
 */

export interface OperationFigures {
  requests: number;
  read_units: number;
  write_units_table: number;
  write_units_indexes: number;
  /** Items of writes that failed (reported as no capacity, billed: counted 2 units each). */
  failed_write_items: number;
  /** Write units (table and indexes) as DynamoDB Local reported them, for comparison. */
  local_reported_write_units: number;
}

type Value = string | { S?: string } | undefined;
type Written = Record<string, Value>;

const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);
const METERED = new Set([
  ...WRITES,
  'GetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);

interface Consumed {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}

const text = (value: Value) => (typeof value === 'string' ? value : value?.S);

/** `pk␟sk` of an item or key, in either the document client's form or DynamoDB's. */
export const keyOf = (item: Written | undefined) => `${text(item?.pk)}\u241f${text(item?.sk)}`;

/** Each key a write touched, and whether that write removed the item. */
function touched(operation: string, input: Record<string, unknown>): [string, boolean][] {
  const out: [string, boolean][] = [];
  if (input.Item) out.push([keyOf(input.Item as Written), false]);
  else if (input.Key) out.push([keyOf(input.Key as Written), operation === 'DeleteItemCommand']);
  for (const entry of (input.TransactItems ?? []) as Record<string, { Item?: Written; Key?: Written }>[]) {
    if (entry.Put) out.push([keyOf(entry.Put.Item), false]);
    if (entry.Update) out.push([keyOf(entry.Update.Key), false]);
    if (entry.Delete) out.push([keyOf(entry.Delete.Key), true]);
  }
  const batches = (input.RequestItems ?? {}) as Record<
    string,
    Record<string, { Item?: Written; Key?: Written }>[]
  >;
  for (const request of Object.values(batches).flat()) {
    if (request.PutRequest) out.push([keyOf(request.PutRequest.Item), false]);
    if (request.DeleteRequest) out.push([keyOf(request.DeleteRequest.Key), true]);
  }
  return out;
}

const emptyOperation = (): OperationFigures => ({
  requests: 0,
  read_units: 0,
  write_units_table: 0,
  write_units_indexes: 0,
  failed_write_items: 0,
  local_reported_write_units: 0,
});

export class CreationMeter {
  private byOperation = new Map<string, OperationFigures>();
  private byIndex: Record<string, number> = {};
  /** Key → true when the last write to it deleted the item. */
  private keys = new Map<string, boolean>();
  private readonly name = `creation-meter-${Math.random()}`;
  private client: DynamoDBClient | undefined;

  constructor(private readonly images?: { reader: DynamoDBClient; tableName: string }) {}

  attach(client: DynamoDBClient): this {
    this.client = client;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (currentInvocation()?.trigger !== 'api') return next(args);
        const operation = String((context as { commandName?: string }).commandName ?? 'unknown');
        const input = args.input as Record<string, unknown>;
        if (METERED.has(operation)) input.ReturnConsumedCapacity = 'INDEXES';
        const figures = this.byOperation.get(operation) ?? emptyOperation();
        this.byOperation.set(operation, figures);
        figures.requests++;
        const written = WRITES.has(operation) ? touched(operation, input) : [];
        for (const [key, deleted] of written) this.keys.set(key, deleted);
        const images = operation === 'TransactWriteItemsCommand' ? this.images : undefined;
        const keys = [...new Set(written.map(([key]) => key).concat(conditionChecked(input)))];
        const before = images && (await readImages(images.reader, images.tableName, keys));
        try {
          const result = await next(args);
          const consumed = (result.output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity;
          const reported = reportedUnits(WRITES.has(operation), consumed);
          figures.read_units += reported.read;
          figures.local_reported_write_units += reported.table + reported.indexes;
          const after = images && before && (await readImages(images.reader, images.tableName, keys));
          const billed = after && before ? transactionUnits(keys, before, after) : reported;
          figures.write_units_table += billed.table;
          figures.write_units_indexes += billed.indexes;
          for (const [name, n] of Object.entries(billed.byIndex))
            this.byIndex[name] = (this.byIndex[name] ?? 0) + n;
          return result;
        } catch (error) {
          if (WRITES.has(operation)) figures.failed_write_items += written.length;
          throw error;
        }
      },
      { step: 'initialize', name: this.name },
    );
    return this;
  }

  detach(): void {
    this.client?.middlewareStack.remove(this.name);
    this.client = undefined;
  }

  /** The figures since the last call (by operation, in total, and the keys written), counting afresh. */
  take() {
    const operations = Object.fromEntries(this.byOperation);
    const total: Capacity = {
      requests: 0,
      read_units: 0,
      write_units_table: 0,
      write_units_indexes: 0,
      write_units_by_index: this.byIndex,
      failed_write_items: 0,
    };
    for (const figures of this.byOperation.values()) {
      total.requests += figures.requests;
      total.read_units += figures.read_units;
      total.write_units_table += figures.write_units_table;
      total.write_units_indexes += figures.write_units_indexes;
      total.failed_write_items += figures.failed_write_items;
    }
    const kept = [...this.keys].filter(([, deleted]) => !deleted).map(([key]) => key);
    this.byOperation = new Map();
    this.byIndex = {};
    this.keys = new Map();
    return { operations, total, keptKeys: kept };
  }
}

/** The units a request's ConsumedCapacity reports: reads, table writes, index writes by index. */
function reportedUnits(write: boolean, consumed: Consumed | Consumed[] | undefined) {
  const units = { read: 0, table: 0, indexes: 0, byIndex: {} as Record<string, number> };
  for (const entry of [consumed ?? []].flat()) {
    if (!write) {
      units.read += entry.CapacityUnits ?? 0;
      continue;
    }
    let indexes = 0;
    for (const [name, index] of Object.entries(entry.GlobalSecondaryIndexes ?? {})) {
      indexes += index.CapacityUnits ?? 0;
      units.byIndex[name] = (units.byIndex[name] ?? 0) + (index.CapacityUnits ?? 0);
    }
    units.table += entry.Table?.CapacityUnits ?? (entry.CapacityUnits ?? 0) - indexes;
    units.indexes += indexes;
  }
  return units;
}

/** Keys a transaction's ConditionChecks read (billed as writes of their item). */
function conditionChecked(input: Record<string, unknown>): string[] {
  return ((input.TransactItems ?? []) as { ConditionCheck?: { Key?: Written } }[])
    .filter((entry) => entry.ConditionCheck)
    .map((entry) => keyOf(entry.ConditionCheck?.Key));
}

/** Splits a key made by `keyOf` back into pk and sk. */
export const splitKey = (key: string) => {
  const [pk = '', sk = ''] = key.split('\u241f');
  return { pk, sk };
};

import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * Measures the capacity units every DynamoDB request consumes, as DynamoDB reports them: while
 * attached, each request asks for `ReturnConsumedCapacity: INDEXES` and the answer's units are
 * summed as read units, table write units and index (GSI) write units. DynamoDB already applies
 * its own rules (1 write unit per started KB, 1 read unit per started 4 KB of a strongly
 * consistent read, half for an eventually consistent one, twice for transactional requests,
 * one more write per index that copies the item).
 *
 * A request that fails (a cancelled transaction, a failed condition) reports nothing, yet
 * DynamoDB bills it: such a write is counted as `failed_write_items` × 2 units (one transactional
 * write of an item up to 1 KB each), a floor that the figures state.
 */
const READS = new Set([
  'GetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);
const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);

export interface Capacity {
  requests: number;
  read_units: number;
  write_units_table: number;
  write_units_indexes: number;
  /** The index write units by index name (each index's partitions have their own limits). */
  write_units_by_index: Record<string, number>;
  failed_write_items: number;
}

interface Consumed {
  CapacityUnits?: number;
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
}

const empty = (): Capacity => ({
  requests: 0,
  read_units: 0,
  write_units_table: 0,
  write_units_indexes: 0,
  write_units_by_index: {},
  failed_write_items: 0,
});

function itemsIn(input: Record<string, unknown>): number {
  if (Array.isArray(input.TransactItems)) return input.TransactItems.length;
  const batches = input.RequestItems as Record<string, unknown[]> | undefined;
  if (batches) return Object.values(batches).reduce((sum, list) => sum + list.length, 0);
  return 1;
}

export class CapacityMeter {
  private totals = empty();
  private readonly name = `capacity-meter-${Math.random()}`;
  private client: DynamoDBClient | undefined;

  attach(client: DynamoDBClient): this {
    this.client = client;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const operation = String((context as { commandName?: string }).commandName ?? '');
        const input = args.input as Record<string, unknown>;
        const metered = READS.has(operation) || WRITES.has(operation);
        if (metered) input.ReturnConsumedCapacity = 'INDEXES';
        this.totals.requests++;
        try {
          const result = await next(args);
          if (metered)
            this.add(
              operation,
              (result.output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity,
            );
          return result;
        } catch (error) {
          if (WRITES.has(operation)) this.totals.failed_write_items += itemsIn(input);
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

  /** The totals since the last call, and starts counting afresh. */
  take(): Capacity {
    const taken = this.totals;
    this.totals = empty();
    return taken;
  }

  private add(operation: string, consumed: Consumed | Consumed[] | undefined): void {
    for (const entry of [consumed ?? []].flat()) {
      if (READS.has(operation)) {
        this.totals.read_units += entry.CapacityUnits ?? 0;
        continue;
      }
      const indexes = Object.values(entry.GlobalSecondaryIndexes ?? {}).reduce(
        (sum, index) => sum + (index.CapacityUnits ?? 0),
        0,
      );
      this.totals.write_units_table += entry.Table?.CapacityUnits ?? (entry.CapacityUnits ?? 0) - indexes;
      this.totals.write_units_indexes += indexes;
      for (const [name, index] of Object.entries(entry.GlobalSecondaryIndexes ?? {})) {
        const byIndex = this.totals.write_units_by_index;
        byIndex[name] = (byIndex[name] ?? 0) + (index.CapacityUnits ?? 0);
      }
    }
  }
}

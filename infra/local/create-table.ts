import {
  type AttributeDefinition,
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { tableDefinition } from '../../functions/store/table-definition.js';

/**
 * Creates the table locally from the same definition the CDK stack uses
 * (functions/store/table-definition.ts): key schema, GSIs and projections,
 * on-demand billing, stream NEW_AND_OLD_IMAGES and the TTL attribute.
 * An existing table (a `--data-dir` run) is kept.
 */
export function createTableInput(tableName: string) {
  const attributes = new Set<string>([tableDefinition.partitionKey, tableDefinition.sortKey]);
  const globalSecondaryIndexes: GlobalSecondaryIndex[] = tableDefinition.globalSecondaryIndexes.map(
    (index) => {
      attributes.add(index.partitionKey);
      attributes.add(index.sortKey);
      const nonKey = 'nonKeyAttributes' in index ? index.nonKeyAttributes : undefined;
      return {
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: nonKey
          ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...nonKey] }
          : { ProjectionType: 'ALL' },
      };
    },
  );
  const attributeDefinitions: AttributeDefinition[] = [...attributes].map((name) => ({
    AttributeName: name,
    AttributeType: 'S',
  }));
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: attributeDefinitions,
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: globalSecondaryIndexes,
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' as const },
  };
}

/** Creates the table (if missing) and returns its stream ARN. */
export async function createTable(client: DynamoDBClient, tableName: string): Promise<string> {
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { Enabled: true, AttributeName: tableDefinition.timeToLiveAttribute },
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  if (!Table?.LatestStreamArn) throw new Error(`Table ${tableName} has no stream`);
  return Table.LatestStreamArn;
}

import { DescribeTableCommand, DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableDefinition } from '../../functions/store/table-definition.js';

describe('The local table is created from the same definition as the stack', () => {
  const client = new DynamoDBClient({});
  const TableName = process.env.DATA_IMPORT_TABLE_NAME as string;

  it('has the key schema, indexes, projections, stream and billing of table-definition.ts', async () => {
    // Act
    const { Table } = await client.send(new DescribeTableCommand({ TableName }));

    // Assess
    expect(Table?.KeySchema).toEqual([
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
    ]);
    expect(Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    const indexes = (Table?.GlobalSecondaryIndexes ?? []).map((index) => ({
      name: index.IndexName,
      keys: index.KeySchema?.map((key) => `${key.AttributeName}:${key.KeyType}`),
      projection: index.Projection?.ProjectionType,
      nonKey: [...(index.Projection?.NonKeyAttributes ?? [])].sort(),
    }));
    const expected = tableDefinition.globalSecondaryIndexes.map((index) => {
      const nonKey = 'nonKeyAttributes' in index ? [...(index.nonKeyAttributes ?? [])].sort() : [];
      return {
        name: index.indexName,
        keys: [`${index.partitionKey}:HASH`, `${index.sortKey}:RANGE`],
        projection: nonKey.length > 0 ? 'INCLUDE' : 'ALL',
        nonKey,
      };
    });
    expect(indexes.sort((a, b) => String(a.name).localeCompare(String(b.name)))).toEqual(expected);
  });

  it('has time to live on the definition’s TTL attribute', async () => {
    // Act
    const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName }));

    // Assess
    expect(TimeToLiveDescription).toMatchObject({
      TimeToLiveStatus: 'ENABLED',
      AttributeName: tableDefinition.timeToLiveAttribute,
    });
  });
});

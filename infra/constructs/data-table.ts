import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { type IndexDefinition, tableDefinition } from '../../functions/store/table-definition.js';
import type { EnvironmentConfig } from '../config/environments.js';

/**
 * The service's single DynamoDB table. Keys, indexes and the TTL attribute come from
 * functions/store/table-definition.ts, the definition the local runtime builds its
 * table from too, so the two can never drift apart. The stream (new and old images) feeds
 * the outbox publisher.
 */
export class DataTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, props: { config: EnvironmentConfig }) {
    super(scope, id);
    const key = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new Table(this, 'Table', {
      partitionKey: key(tableDefinition.partitionKey),
      sortKey: key(tableDefinition.sortKey),
      billingMode: BillingMode.PAY_PER_REQUEST,
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      timeToLiveAttribute: tableDefinition.timeToLiveAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: props.config.deletionProtection,
      removalPolicy: props.config.removalPolicy,
    });
    const indexes: readonly IndexDefinition[] = tableDefinition.globalSecondaryIndexes;
    for (const index of indexes) {
      const { nonKeyAttributes } = index;
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        ...(nonKeyAttributes
          ? { projectionType: ProjectionType.INCLUDE, nonKeyAttributes: [...nonKeyAttributes] }
          : { projectionType: ProjectionType.ALL }),
      });
    }
  }
}

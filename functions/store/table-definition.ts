/**
 * The single DynamoDB table, defined once. The CDK stack (infra/) and the local runtime
 * (infra/local/) both build the table from this definition, so key schema and indexes
 * can never drift apart. Access patterns and keys are documented in the README
 * ("Table design") and built by ./keys.ts.
 */

export interface IndexDefinition {
  indexName: string;
  partitionKey: string;
  sortKey: string;
  /** Non-key attributes copied into the index; `undefined` projects ALL attributes. */
  nonKeyAttributes?: readonly string[];
}

/** Attributes a process list item needs: lists read the index only, never the table. */
const processListAttributes = [
  'external_account_number',
  'service_account_number',
  'account_created_at',
  'staged_at',
] as const;

/** Attributes the task sweep and the operator's task listing read from the index. */
const taskIndexAttributes = [
  'import_supplier',
  'external_account_number',
  'task_id',
  'status',
  'is_dry_run',
  'schedule_window_start',
  'schedule_window_end',
  'created_at',
  'modified_at',
  'lease_until',
  'latest_error',
  'service_identifier',
] as const;

export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'expires_at',
  globalSecondaryIndexes: [
    {
      /** All import processes of a supplier, sorted by external account number. */
      indexName: 'gsi1',
      partitionKey: 'gsi1pk',
      sortKey: 'gsi1sk',
      nonKeyAttributes: processListAttributes,
    },
    {
      /** Pending or imported processes of a supplier, sorted by external account number. */
      indexName: 'gsi2',
      partitionKey: 'gsi2pk',
      sortKey: 'gsi2sk',
      nonKeyAttributes: processListAttributes,
    },
    {
      /** Operator listings: suppliers, organisations, API keys (small items, all attributes). */
      indexName: 'gsi3',
      partitionKey: 'gsi3pk',
      sortKey: 'gsi3sk',
    },
    {
      /**
       * v2 account tasks of a supplier in one status, by the time the sweep must next look at
       * them (live tasks) or by when they ended (the others). Sparse: only task items.
       */
      indexName: 'gsi4',
      partitionKey: 'gsi4pk',
      sortKey: 'gsi4sk',
      nonKeyAttributes: taskIndexAttributes,
    },
  ] satisfies readonly IndexDefinition[],
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

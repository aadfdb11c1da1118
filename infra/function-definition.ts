import { DEFAULT_FUNCTION_TIMEOUT_SECONDS } from '../functions/invocation-clock.js';
import type { IndexName } from '../functions/store/table-definition.js';

/**
 * What an entry of ./routes.ts declares about its function: its route, what it does with the
 * table, the bucket, the queues and the secrets (all its role is granted), and its timeout.
 */

/** The table actions on items, as IAM names them (a transaction's entries are the item actions they are). */
export type ItemAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'BatchWriteItem'
  | 'ConditionCheckItem';

/** Every item action, in the order declarations list them. */
export const ITEM_ACTIONS: readonly ItemAction[] = [
  'GetItem',
  'BatchGetItem',
  'Query',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'ConditionCheckItem',
];

/** The item actions that change the table. */
export const WRITE_ACTIONS: readonly ItemAction[] = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'];

/** What a function does with the table. */
export interface TableUse {
  /** The actions it takes on the table's items (`Query` on the table's own keys). */
  items: readonly ItemAction[];
  /** The global secondary indexes it queries. */
  queries?: readonly IndexName[];
}

export interface FunctionDefinition {
  /** kebab-case id: file name of the handler and base of the Lambda's name. */
  id: string;
  description: string;
  /** The REST route, when the function serves one. Paths use `{param}` placeholders. */
  route?: {
    method: 'GET' | 'POST';
    path: string;
    /** false only for the token mutation, which is how callers get a token. */
    authorized: boolean;
  };
  /** What it does with the table; absent: nothing. */
  table?: TableUse;
  /** Reads object metadata in the documents bucket (document paths are checked there). */
  readsDocuments?: boolean;
  /** Reads the token-signing key (Secrets Manager in the cloud). */
  readsSigningKey?: boolean;
  /** Reads payment vendor credentials. */
  readsVendorCredentials?: boolean;
  /** Validates enumerations that per-environment configuration extends (DATA_IMPORT_EXTRA_CHOICES). */
  readsExtraChoices?: boolean;
  /** Hands v2 account tasks to the task queue (DATA_IMPORT_TASK_QUEUE_URL, sqs:SendMessage). */
  sendsTasks?: boolean;
  /**
   * A bulk jobs function: it gets the bulk jobs bucket's name (DATA_IMPORT_BULK_BUCKET_NAME) and,
   * on the bucket, only what is listed (`[]`: nothing). A presigned URL lets its holder do what
   * the signer may do, so signing needs the grant the URL's request needs.
   */
  bulkJobObjects?: readonly BulkJobObjectAccess[];
  /** Sends bulk job messages to the lines queue (DATA_IMPORT_BULK_QUEUE_URL, sqs:SendMessage). */
  sendsBulkJobLines?: boolean;
  /** Hands bulk jobs to the reader queue (DATA_IMPORT_BULK_READER_QUEUE_URL, sqs:SendMessage). */
  sendsBulkJobReads?: boolean;
  /**
   * The function's timeout in seconds (default DEFAULT_FUNCTION_TIMEOUT_SECONDS, 10 s): the stack
   * configures the Lambda with it, the local runtime gives each invocation the same deadline,
   * and every claim the function takes expires at its invocation's end plus a margin.
   */
  timeoutSeconds?: number;
  /** Takes exclusive claims (the creation lock, a task's lease): a caller may wait as long as one lasts. */
  holdsClaims?: boolean;
}

/**
 * - `sign-uploads`: presigns the PUT of a job's input (s3:PutObject on `inputs/*`);
 * - `check-inputs`: asks whether an input is there and its size (HeadObject: s3:GetObject on
 *   `inputs/*`, and s3:ListBucket so that a missing input answers 404, not 403);
 * - `read-inputs`: reads inputs, whole or by range (s3:GetObject on `inputs/*`);
 * - `sign-downloads`: presigns the GET of a job's results (s3:GetObject on `results/*`);
 * - `write-results`: writes a results object (s3:PutObject on `results/*`: a multipart upload).
 */
export type BulkJobObjectAccess =
  | 'sign-uploads'
  | 'check-inputs'
  | 'read-inputs'
  | 'sign-downloads'
  | 'write-results';

/** The timeout of `definition`'s function, in seconds. */
export function functionTimeoutSeconds(definition: FunctionDefinition): number {
  return definition.timeoutSeconds ?? DEFAULT_FUNCTION_TIMEOUT_SECONDS;
}

/**
 * AWS calls the integration tests do not record, each named by the code that makes it: every
 * function whose bundle holds that code (./bundle-code.ts) can make the call, so its role must
 * allow it, and the grant is used. The test checks that the module still declares the symbol,
 * and that some bundle holds it. Keep the list small, each entry with why the tests cannot
 * record the call: a call the tests can reach belongs in a test, not here.
 *
 * `resource` names the resource as a recorded call does: the environment variable that gives it
 * to the function, and the part within it.
 */
export interface BundleCall {
  /** The module of the code that makes the call, from the project root. */
  module: string;
  /** The function (or object) of that module whose code makes the call. */
  symbol: string;
  action: string;
  resource: string;
  reason: string;
}

/** The sweep's own work, which the shared runtime's sweep (on the real clock) reaches only by chance. */
const SWEEP_CLOCK =
  'the sweep does this when a window starts or ends while it runs; the tests drive the sweep’s use case with their own clock and queue (test/account-tasks/), outside any function';

/** A presigned URL is signed in the function, without a call; its holder's request needs the signer's permission. */
const PRESIGNED =
  'the function signs a URL, which is no call: the request its holder sends with it is authorized as the signer';

export const BUNDLE_CALLS: readonly BundleCall[] = [
  {
    module: 'functions/auth/signing-key.ts',
    symbol: 'signingKeys',
    action: 'secretsmanager:GetSecretValue',
    resource: 'DATA_IMPORT_TOKEN_SIGNING_SECRET_ARN',
    reason:
      'the signing key is read from Secrets Manager in the cloud; the local runtime gives the key itself (DATA_IMPORT_TOKEN_SIGNING_KEY)',
  },
  {
    module: 'functions/adapters/payments/stripe-credentials.ts',
    symbol: 'stripeApiKey',
    action: 'secretsmanager:GetSecretValue',
    resource: 'DATA_IMPORT_STRIPE_API_KEY_SECRET_ARN',
    reason:
      'the STRIPE key is read from Secrets Manager in the cloud; the local runtime gives the key itself (DATA_IMPORT_STRIPE_API_KEY)',
  },
  {
    module: 'functions/adapters/documents/s3.ts',
    symbol: 'headObjectStatus',
    action: 's3:ListBucket',
    resource: 'DATA_IMPORT_BUCKET_NAME',
    reason:
      'kept on purpose: S3 answers a HEAD of a missing object with 404 only to a caller that may list the bucket (403 otherwise), and a missing document is a 404',
  },
  {
    module: 'functions/adapters/bulk-jobs/job-objects.ts',
    symbol: 'objectIdentity',
    action: 's3:ListBucket',
    resource: 'DATA_IMPORT_BULK_BUCKET_NAME',
    reason:
      'kept on purpose: S3 answers a HEAD of a missing object with 404 only to a caller that may list the bucket (403 otherwise), and a job started before its upload is a 400 bulk_job_upload_missing',
  },
  {
    module: 'functions/use-cases/bulk-jobs/bulk-job-view.ts',
    symbol: 'signUploadUrl',
    action: 's3:PutObject',
    resource: 'DATA_IMPORT_BULK_BUCKET_NAME/inputs/<job id>.ndjson',
    reason: `${PRESIGNED} (the upload of a job's input)`,
  },
  {
    module: 'functions/use-cases/bulk-jobs/bulk-job-view.ts',
    symbol: 'signResultsUrl',
    action: 's3:GetObject',
    resource: 'DATA_IMPORT_BULK_BUCKET_NAME/results/<job id>.ndjson',
    reason: `${PRESIGNED} (the download of a job's results)`,
  },
  {
    module: 'functions/adapters/queue/task-queue.ts',
    symbol: 'sqsTaskQueue',
    action: 'sqs:SendMessage',
    resource: 'DATA_IMPORT_TASK_QUEUE_URL',
    reason: SWEEP_CLOCK,
  },
  {
    module: 'functions/store/account-task-store.ts',
    symbol: 'markQueued',
    action: 'dynamodb:UpdateItem',
    resource: 'DATA_IMPORT_TABLE_NAME',
    reason: SWEEP_CLOCK,
  },
  {
    module: 'functions/use-cases/expire-account-task.ts',
    symbol: 'expireTask',
    action: 'dynamodb:PutItem',
    resource: 'DATA_IMPORT_TABLE_NAME',
    reason: `a task whose window ended is cancelled with its event (an outbox item) in one transaction: ${SWEEP_CLOCK}`,
  },
];

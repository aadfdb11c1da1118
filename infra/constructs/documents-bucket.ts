import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { EnvironmentConfig } from '../config/environments.js';

/**
 * The documents bucket that note document paths and statement paths resolve against
 *: private, TLS only, encrypted, versioned, with server access logs in a
 * second private bucket. The service only reads object metadata here; files are uploaded
 * by the migration team. Beside it, as private and logged, the bulk jobs bucket.
 */
export class DocumentsBucket extends Construct {
  readonly bucket: Bucket;
  readonly accessLogsBucket: Bucket;
  /** Bulk import jobs' files: inputs uploaded by the migration team, results written by the service. */
  readonly bulkJobs: Bucket;

  constructor(scope: Construct, id: string, props: { config: EnvironmentConfig }) {
    super(scope, id);
    // Log delivery is granted by a bucket policy on the log bucket, not by its ACL (ACLs stay disabled).
    this.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);
    const { removalPolicy } = props.config;
    const deleteWithStack = removalPolicy === RemovalPolicy.DESTROY;
    const privateBucket = {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy,
      autoDeleteObjects: deleteWithStack,
    };

    this.accessLogsBucket = new Bucket(this, 'AccessLogs', {
      ...privateBucket,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });
    this.bucket = new Bucket(this, 'Documents', {
      ...privateBucket,
      versioned: true,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'documents/',
    });
    // Not versioned: inputs are written once, results once per job; both go after 30 days, and
    // an upload a failure left incomplete after a day.
    this.bulkJobs = new Bucket(this, 'BulkJobs', {
      ...privateBucket,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'bulk-jobs/',
      lifecycleRules: [
        {
          expiration: Duration.days(BULK_JOB_FILES_DAYS),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
    });
  }
}

/** Days a bulk job's input and results objects are kept. */
export const BULK_JOB_FILES_DAYS = 30;

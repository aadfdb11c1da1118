import { S3Client } from '@aws-sdk/client-s3';
import { requireEnv } from '../config.js';

/** The documents bucket that document paths resolve against, read once per cold start. */
export const DOCUMENTS_BUCKET = requireEnv('DATA_IMPORT_BUCKET_NAME');

/**
 * One S3 client per process. The endpoint comes from the standard `AWS_ENDPOINT_URL_S3`
 * variable; local S3 stand-ins need path-style addressing. Checksums only when required:
 * the local stand-in mishandles the SDK's default streaming checksums.
 */
export const s3Client = new S3Client({
  forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
  maxAttempts: 4,
});

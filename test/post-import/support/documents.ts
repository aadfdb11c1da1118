import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** The local S3 stand-in (path-style), for placing documents the way the migration team would. */
const s3 = new S3Client({ forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });

/** Puts a small PDF-ish object at `key` in the documents bucket. */
export async function putDocument(key: string): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: process.env.DATA_IMPORT_BUCKET_NAME,
      Key: key,
      Body: '%PDF-1.4 test document',
      ContentType: 'application/pdf',
    }),
  );
}

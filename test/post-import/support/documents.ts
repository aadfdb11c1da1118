import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** The local S3 stand-in (path-style), for placing documents the way the migration team would. */
const s3 = new S3Client({ forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });

/** Another runtime's file store (a test that runs a runtime of its own). */
export interface DocumentStore {
  endpoint: string;
  bucket: string;
}

const clients = new Map<string, S3Client>();
function clientOf(store: DocumentStore): S3Client {
  let client = clients.get(store.endpoint);
  if (!client) {
    client = new S3Client({
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      endpoint: store.endpoint,
    });
    clients.set(store.endpoint, client);
  }
  return client;
}

/** Puts a small PDF-ish object at `key` in the documents bucket (of the shared runtime, or of `store`). */
export async function putDocument(key: string, store?: DocumentStore): Promise<void> {
  await (store ? clientOf(store) : s3).send(
    new PutObjectCommand({
      Bucket: store?.bucket ?? process.env.DATA_IMPORT_BUCKET_NAME,
      Key: key,
      Body: '%PDF-1.4 test document',
      ContentType: 'application/pdf',
    }),
  );
}

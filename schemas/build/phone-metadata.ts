import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { GENERATED_HEADER, type GeneratedFile } from './generated-file.js';

export const PHONE_METADATA_PATH = 'functions/rules/account/generated/phone-metadata.ts';

/**
 * `functions/rules/account/generated/phone-metadata.ts`: libphonenumber-js's `min` metadata
 * (every region's numbering plan, the set its default entry point bundles), gzipped and
 * base64-encoded into one string constant. Bundled as an object literal, those 83 KB were the
 * largest part of every function that checks an account, and V8 compiles and builds a literal at
 * load; as a 25 KB string the bundle only scans it, and the plan is inflated and `JSON.parse`d
 * on the first phone number (docs/contributing/cold-starts.md).
 *
 * gzip output may differ between zlib versions for the same input, so a file on disk that
 * already decodes to the installed metadata is kept as it is: the staleness test fails only
 * when the metadata itself changed (a libphonenumber-js upgrade).
 */
export async function generatePhoneMetadata(root: string): Promise<GeneratedFile[]> {
  const require = createRequire(path.join(root, 'package.json'));
  const metadataPath = require.resolve('libphonenumber-js/metadata.min.json');
  const { version } = JSON.parse(
    readFileSync(path.join(path.dirname(metadataPath), 'package.json'), 'utf8'),
  ) as { version: string };
  const json = JSON.stringify(JSON.parse(readFileSync(metadataPath, 'utf8')));
  const current = currentEncoding(root);
  const encoded =
    current !== undefined && decode(current) === json
      ? current
      : gzipSync(json, { level: 9 }).toString('base64');
  const content = `// ${GENERATED_HEADER}
// libphonenumber-js ${version}, metadata.min.json: gzip, then base64 (schemas/build/phone-metadata.ts).

export const PHONE_METADATA_GZIP_BASE64 =
  '${encoded}';
`;
  return [{ path: PHONE_METADATA_PATH, content }];
}

const ENCODED = /PHONE_METADATA_GZIP_BASE64 =\s*'([A-Za-z0-9+/=]+)'/;

function currentEncoding(root: string): string | undefined {
  try {
    return ENCODED.exec(readFileSync(path.join(root, PHONE_METADATA_PATH), 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

function decode(encoded: string): string | undefined {
  try {
    return gunzipSync(Buffer.from(encoded, 'base64')).toString('utf8');
  } catch {
    return undefined;
  }
}

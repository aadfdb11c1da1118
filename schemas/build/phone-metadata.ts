import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GENERATED_HEADER, type GeneratedFile } from './generated-file.js';

export const PHONE_METADATA_PATH = 'functions/rules/account/generated/phone-metadata.ts';

/**
 * `functions/rules/account/generated/phone-metadata.ts`: libphonenumber-js's `min` metadata
 * (every region's numbering plan, the set its default entry point bundles) as JSON text in one
 * string constant, which functions/rules/account/phone.ts hands to `JSON.parse` when it loads.
 * The package's own entry point bundles the same data as an object literal, which V8 compiles
 * and builds on every cold start; JSON's smaller grammar parses faster than a JavaScript literal
 * of the same data (docs/contributing/cold-starts.md has the measurement).
 */
export async function generatePhoneMetadata(root: string): Promise<GeneratedFile[]> {
  const require = createRequire(path.join(root, 'package.json'));
  const metadataPath = require.resolve('libphonenumber-js/metadata.min.json');
  const { version } = JSON.parse(
    readFileSync(path.join(path.dirname(metadataPath), 'package.json'), 'utf8'),
  ) as { version: string };
  const json = JSON.stringify(JSON.parse(readFileSync(metadataPath, 'utf8')));
  const content = `// ${GENERATED_HEADER}
// libphonenumber-js ${version}, metadata.min.json as JSON text (schemas/build/phone-metadata.ts).

export const PHONE_METADATA_JSON =
  ${JSON.stringify(json)};
`;
  return [{ path: PHONE_METADATA_PATH, content }];
}

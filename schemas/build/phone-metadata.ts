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
 *
 * The plans leave out one field: each region's display formats, how a number is written for
 * people (`020 7946 0018`), which only the package's formatting code reads (`format()`,
 * `AsYouType`, `findNumbers`). The service parses, checks and stores numbers in E.164 and
 * formats none, and the formats are about 60 % of the data. The field keeps its position (0, which
 * the package reads as "no formats"), so every other field is where the package looks for it.
 */
/** Position of a region's display formats in the package's compact metadata (format version 4). */
const FORMATS_FIELD = 4;
const METADATA_FORMAT_VERSION = 4;

interface CompactMetadata {
  version: number;
  countries: Record<string, unknown[]>;
  nonGeographic?: Record<string, unknown[]>;
}

function withoutDisplayFormats(metadata: CompactMetadata): CompactMetadata {
  if (metadata.version !== METADATA_FORMAT_VERSION) {
    throw new Error(
      `libphonenumber-js metadata format ${metadata.version}: check which field holds the formats`,
    );
  }
  const strip = (plans: Record<string, unknown[]> = {}) =>
    Object.fromEntries(
      Object.entries(plans).map(([region, plan]) => [
        region,
        plan.map((field, index) => (index === FORMATS_FIELD ? 0 : field)),
      ]),
    );
  return { ...metadata, countries: strip(metadata.countries), nonGeographic: strip(metadata.nonGeographic) };
}

export async function generatePhoneMetadata(root: string): Promise<GeneratedFile[]> {
  const require = createRequire(path.join(root, 'package.json'));
  const metadataPath = require.resolve('libphonenumber-js/metadata.min.json');
  const { version } = JSON.parse(
    readFileSync(path.join(path.dirname(metadataPath), 'package.json'), 'utf8'),
  ) as { version: string };
  const json = JSON.stringify(withoutDisplayFormats(JSON.parse(readFileSync(metadataPath, 'utf8'))));
  const content = `// ${GENERATED_HEADER}
// libphonenumber-js ${version}, metadata.min.json without display formats, as JSON text (schemas/build/phone-metadata.ts).

export const PHONE_METADATA_JSON =
  ${JSON.stringify(json)};
`;
  return [{ path: PHONE_METADATA_PATH, content }];
}

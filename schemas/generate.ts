import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateAccountRulesDoc } from './build/account-rules-doc.js';
import { generateAccountValidatorFiles } from './build/account-validator.js';
import { generateApiFiles } from './build/api-validators.js';
import { generateClientTypes } from './build/client-types.js';
import { generateEventFiles } from './build/events.js';
import { generateFunctionAccessDocs } from './build/function-access.js';
import { type GeneratedDirectory, type GeneratedFile, orphanFiles } from './build/generated-file.js';
import { generateOpenApiFiles } from './build/openapi.js';
import { generatePhoneMetadata } from './build/phone-metadata.js';
import { projectRoot } from './project-root.js';

export { projectRoot };

/**
 * `npm run generate`: writes every generated file (request validators and docs, event
 * schemas, types, validators and docs) and deletes orphans: files in the generated
 * directories that no generator produces any more. `--check` writes nothing and exits 1 when
 * any file on disk differs from what the generators produce, or is an orphan (the staleness
 * test runs the same check).
 */

type Generator = (root: string) => Promise<GeneratedFile[]>;

/**
 * Every generator of the project. Add new ones here. `stack: false` leaves out those that
 * synthesize the CDK stack (seconds; the unit tests leave them to test/infra/, which synthesizes).
 */
export async function generators({ stack = true } = {}): Promise<Generator[]> {
  return [
    generateApiFiles,
    generateAccountValidatorFiles,
    generateAccountRulesDoc,
    generateEventFiles,
    generateOpenApiFiles,
    generateClientTypes,
    generatePhoneMetadata,
    ...(stack ? [generateFunctionAccessDocs] : []),
  ];
}

/**
 * The directories the generators own: the event schema tree, the request schema documents
 * (beside their hand-written `*.ts` sources) and every `generated` directory under functions/.
 */
export function generatedDirectories(root = projectRoot): GeneratedDirectory[] {
  const functionsRoot = path.join(root, 'functions');
  const generatedUnderFunctions = existsSync(functionsRoot)
    ? readdirSync(functionsRoot, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name === 'generated')
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        )
    : [];
  return [
    { directory: 'schemas/events' },
    { directory: 'schemas/api', handWritten: /\.ts$/ },
    { directory: 'client/generated' },
    ...generatedUnderFunctions.sort().map((directory) => ({ directory })),
  ];
}

export async function generateAll(
  root = projectRoot,
  options: { stack?: boolean } = {},
): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  for (const generate of await generators(options)) files.push(...(await generate(root)));
  return files;
}

export function staleFiles(root: string, files: readonly GeneratedFile[]): string[] {
  return files
    .filter((file) => {
      try {
        return readFileSync(path.join(root, file.path), 'utf8') !== file.content;
      } catch {
        return true;
      }
    })
    .map((file) => file.path);
}

/** What `--check` reports: files that differ from the generators' output, and orphans. */
export function checkGenerated(root: string, files: readonly GeneratedFile[]) {
  return { stale: staleFiles(root, files), orphans: orphanFiles(root, files, generatedDirectories(root)) };
}

async function main(): Promise<void> {
  const files = await generateAll();
  const { stale, orphans } = checkGenerated(projectRoot, files);
  if (process.argv.includes('--check')) {
    if (stale.length > 0) console.error(`Stale generated files (run npm run generate):\n${stale.join('\n')}`);
    if (orphans.length > 0) {
      console.error(
        `Files no generator produces (run npm run generate to delete them):\n${orphans.join('\n')}`,
      );
    }
    if (stale.length > 0 || orphans.length > 0) process.exit(1);
    console.log(`${files.length} generated files are up to date, no orphans`);
    return;
  }
  for (const file of files) {
    const target = path.join(projectRoot, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
  for (const orphan of orphans) rmSync(path.join(projectRoot, orphan));
  console.log(
    `wrote ${files.length} generated files${orphans.length > 0 ? `, deleted ${orphans.join(', ')}` : ''}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}

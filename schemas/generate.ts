import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateApiFiles } from './build/api-validators.js';
import { generateEventFiles } from './build/events.js';
import type { GeneratedFile } from './build/generated-file.js';
import { generateOpenApiFiles } from './build/openapi.js';

/**
 * `npm run generate`: writes every generated file (request validators and docs, event
 * schemas, types, validators and docs). `--check` writes nothing and exits 1 when any file
 * on disk differs from what the generators produce (the staleness test runs the same check).
 */

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Generator = (root: string) => Promise<GeneratedFile[]>;

/** Every generator of the project. Add new ones here. */
export async function generators(): Promise<Generator[]> {
  return [generateApiFiles, generateEventFiles, generateOpenApiFiles];
}

export async function generateAll(root = projectRoot): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  for (const generate of await generators()) files.push(...(await generate(root)));
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

async function main(): Promise<void> {
  const files = await generateAll();
  if (process.argv.includes('--check')) {
    const stale = staleFiles(projectRoot, files);
    if (stale.length > 0) {
      console.error(`Stale generated files (run npm run generate):\n${stale.join('\n')}`);
      process.exit(1);
    }
    console.log(`${files.length} generated files are up to date`);
    return;
  }
  for (const file of files) {
    const target = path.join(projectRoot, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
  }
  console.log(`wrote ${files.length} generated files`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}

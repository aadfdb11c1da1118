import { readFile } from 'node:fs/promises';
import { parseReferenceFile } from '../../functions/rules/reference-data/reference-file.js';
import type { ReferenceKind } from '../../functions/rules/reference-data/reference-kinds.js';
import {
  MAX_REFERENCE_PARTS,
  REFERENCE_PART_CHARACTERS,
  referenceParts,
  replaceReferenceKind,
} from '../../functions/store/reference-data-store.js';

export type LoadOutcome =
  | { ok: true; loaded: string[]; unloaded: string[] }
  | { ok: false; problems: string[] };

/**
 * Loads a reference-data file (`reference-data load`, and the local runtime's example set):
 * every kind it lists replaces that kind whole, a kind given as `[]` is unloaded. The whole file
 * is checked first: a file with any problem changes nothing.
 */
export async function loadReferenceFile(file: string, now = new Date()): Promise<LoadOutcome> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    return { ok: false, problems: [`${file} is not a readable JSON file (${(error as Error).message})`] };
  }
  const parsed = parseReferenceFile(raw);
  if (!parsed.ok) return parsed;
  const writes: [ReferenceKind, string[]][] = [];
  const problems: string[] = [];
  for (const [kind, entries] of Object.entries(parsed.data) as [ReferenceKind, unknown[]][]) {
    const parts = referenceParts(entries);
    if (parts) writes.push([kind, parts]);
    else {
      const most = (MAX_REFERENCE_PARTS * REFERENCE_PART_CHARACTERS).toLocaleString('en');
      problems.push(`${kind} is too large: a kind holds at most ${most} characters of JSON`);
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  for (const kind of parsed.unloaded) writes.push([kind, []]);
  for (const [kind, parts] of writes) await replaceReferenceKind(kind, parts, now);
  return {
    ok: true,
    loaded: Object.entries(parsed.data).map(
      ([kind, entries]) => `${kind} (${(entries as unknown[]).length})`,
    ),
    unloaded: parsed.unloaded,
  };
}

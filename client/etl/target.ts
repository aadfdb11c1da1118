import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DataImportClient } from '../data-import-client.js';
import { SetupError } from './api-access.js';
import type { LineResult } from './journal.js';
import { writeAtomically } from './write-atomically.js';

/**
 * The service a state directory's journal and results were written against: the API's base URL
 * (`DATA_IMPORT_URL`) and the organisation the API key belongs to. A journal says what was done
 * there; read against another target it would skip lines that target never received.
 */
export interface Target {
  url: string;
  organisation: string;
}

export const targetFile = (stateDir: string) => path.join(stateDir, 'target.json');

const named = (target: Target) => `${target.url} (organisation ${target.organisation})`;

/**
 * Ties the state directory to `target`: the first `load` or `submit` with it records the target
 * in `<state>/target.json`; a later one against another URL or organisation is refused
 * (`SetupError`: exit 2) before anything is sent or written.
 */
export function claimStateDir(stateDir: string, target: Target): void {
  const file = targetFile(stateDir);
  if (existsSync(file)) {
    const recorded = JSON.parse(readFileSync(file, 'utf8')) as Target;
    if (recorded.url === target.url && recorded.organisation === target.organisation) return;
    throw new SetupError(
      `the state directory ${stateDir} belongs to ${named(recorded)}, not to ${named(target)}: ` +
        'name another directory with --state DIR for this target.',
    );
  }
  mkdirSync(stateDir, { recursive: true });
  writeAtomically(file, `${JSON.stringify(target, null, 2)}\n`);
}

/**
 * The target still holds what the journal says was loaded there. The same URL can serve an
 * emptied service (a local runtime restarted in memory): before lines the journal marks done are
 * skipped, the accounts of the first and the last of them whose account was created (IMPORTED or
 * PARTIAL) are looked up by their account summary. One the target does not have means the state
 * belongs to another target: `SetupError` (exit 2), nothing sent.
 */
export async function checkTargetHolds(
  client: DataImportClient,
  supplier: string,
  stateDir: string,
  done: readonly LineResult[],
): Promise<void> {
  const created = done.filter((result) => result.status !== 'FAILED' && result.external_account_number);
  const probes = [...new Set([created[0], created.at(-1)])].filter((result) => result !== undefined);
  for (const result of probes) {
    const external = result.external_account_number as string;
    const { status } = await client.getJson(
      `/v1/data-import/account-summary/${encodeURIComponent(supplier)}/${encodeURIComponent(external)}/`,
    );
    if (status === 200) continue;
    if (status !== 404) throw new Error(`the account summary of ${external} answered ${status}`);
    throw new SetupError(
      `the journal in ${stateDir} marks line ${result.line} (${external}) done but ${client.baseUrl} ` +
        'does not hold that account, so this state belongs to another target (a local runtime restarted ' +
        'in memory, say): name a new directory with --state DIR (or delete this one) to load the file again.',
    );
  }
}

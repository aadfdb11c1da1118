import { appendFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * How hard the hostile suites push. `npm run test:hostile` sets HOSTILE_FULL=1: at least
 * 2 000 fast-check cases per endpoint. Inside `npm test` the same files run a short version.
 */
export const FULL = process.env.HOSTILE_FULL === '1';

/** fast-check cases per endpoint. */
export const CASES_PER_ENDPOINT = FULL ? 2000 : 30;

/** Per-test timeout: generous in the full run. */
export const FUZZ_TIMEOUT_MS = FULL ? 3_600_000 : 120_000;

/** Where the full run leaves its figures (one JSON line per measurement) for the README. */
export const FIGURES_FILE = resolve('.local/hostile-figures.jsonl');

/** Records one figure of this run (cases tried, faults injected…) when running the full suite. */
export function recordFigure(figure: Record<string, unknown>): void {
  if (!FULL) return;
  mkdirSync(resolve('.local'), { recursive: true });
  appendFileSync(FIGURES_FILE, `${JSON.stringify({ at: new Date().toISOString(), ...figure })}\n`);
}

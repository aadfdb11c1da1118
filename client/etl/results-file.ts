import { existsSync, readFileSync } from 'node:fs';
import type { LineResult, NotProcessedLine } from '../../functions/rules/bulk-jobs/line-result.js';

/** One line of a results file (`results.ndjson`, `submit-results.ndjson`). */
export type ResultsLine = LineResult | NotProcessedLine;

/** The lines of a results file, in its order; none when it does not exist (yet). */
export function readResults(file: string): ResultsLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ResultsLine);
}

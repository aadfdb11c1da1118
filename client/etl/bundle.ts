import { readFileSync } from 'node:fs';
import {
  type InputLine,
  isBlankLine,
  lineText,
  parseLine,
} from '../../functions/rules/bulk-jobs/account-bundle.js';

export type { AccountBundle, InputLine } from '../../functions/rules/bulk-jobs/account-bundle.js';
export { parseLine };

/** Every non-blank line of an NDJSON file, numbered as the file numbers them. */
export function readBundles(file: string): InputLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((text, index) => ({ text: lineText(text), line: index + 1 }))
    .filter(({ text }) => !isBlankLine(text))
    .map(({ text, line }) => parseLine(text, line));
}

import { readFileSync } from 'node:fs';
import {
  type InputLine,
  isBlankLine,
  lineText,
  parseLine,
} from '../../functions/rules/bulk-jobs/input-line.js';

export type { InputLine, LineAccount } from '../../functions/rules/bulk-jobs/input-line.js';
export { parseLine };

/** Every non-blank line of an NDJSON file (one account a line), numbered as the file numbers them. */
export function readInputLines(file: string): InputLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((text, index) => ({ text: lineText(text), line: index + 1 }))
    .filter(({ text }) => !isBlankLine(text))
    .map(({ text, line }) => parseLine(text, line));
}

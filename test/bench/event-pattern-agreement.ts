import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  loadReferenceFamilies,
  measureAgreement,
  type PatternMatcher,
} from '../local/support/event-pattern-reference-cases.js';

/**
 * `npm run bench:patterns`: how many of the pattern cases lifted from EventBridge's matching engine
 * (test/local/event-pattern-reference/) the local matcher answers as expected (EventBridge's
 * documented behaviour) and as the engine itself did, per operator family. `--matcher FILE` measures
 * another module with the same exports (validateEventPattern, matchesEventPattern), e.g. an
 * earlier version: `git show <commit>:infra/local/event-pattern.ts > /tmp/before.ts`.
 * `--failures` lists every case that disagrees with the expected answer. Exits 1 when one does.
 */
const { values } = parseArgs({
  options: {
    matcher: { type: 'string', default: 'infra/local/event-pattern.ts' },
    failures: { type: 'boolean', default: false },
  },
});

const matcher = (await import(pathToFileURL(resolve(values.matcher)).href)) as PatternMatcher;
const rows = loadReferenceFamilies().map((family) => ({
  family: family.name,
  ...measureAgreement(family, matcher),
}));
const total = rows.reduce(
  (sum, row) => ({
    cases: sum.cases + row.cases,
    expected: sum.expected + row.agreeWithExpected,
    engine: sum.engine + row.agreeWithEngine,
  }),
  { cases: 0, expected: 0, engine: 0 },
);

const table = [
  '| family | cases | as expected | as the engine answered |',
  '|---|---:|---:|---:|',
  ...rows.map(
    (row) => `| ${row.family} | ${row.cases} | ${row.agreeWithExpected} | ${row.agreeWithEngine} |`,
  ),
  `| **all** | ${total.cases} | ${total.expected} | ${total.engine} |`,
];
console.log(`Matcher: ${values.matcher}\n\n${table.join('\n')}`);
if (values.failures)
  for (const row of rows) for (const failure of row.failures) console.log(`${row.family}: ${failure}`);
process.exitCode = total.expected === total.cases ? 0 : 1;

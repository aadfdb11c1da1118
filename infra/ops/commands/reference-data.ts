import { isReferenceKind, REFERENCE_KINDS } from '../../../functions/rules/reference-data/reference-kinds.js';
import { readReferenceData } from '../../../functions/store/reference-data-store.js';
import { loadReferenceFile } from '../reference-data-file.js';
import { type Command, UsageError } from './command.js';

export const referenceDataCommands: Command[] = [
  {
    name: ['reference-data', 'load'],
    usage: 'reference-data load FILE.json',
    summary: 'load reference data: each kind the file lists replaces that kind whole ([] unloads it)',
    async run({ positionals }) {
      const [file] = positionals;
      if (!file) throw new UsageError('reference-data load FILE.json');
      const outcome = await loadReferenceFile(file);
      if (!outcome.ok) {
        for (const problem of outcome.problems) console.error(problem);
        console.error(`${file} was not loaded: nothing changed.`);
        return 1;
      }
      if (outcome.loaded.length > 0) console.log(`loaded ${outcome.loaded.join(', ')}`);
      if (outcome.unloaded.length > 0) console.log(`unloaded ${outcome.unloaded.join(', ')}`);
      return 0;
    },
  },
  {
    name: ['reference-data', 'show'],
    usage: 'reference-data show [KIND]',
    summary: 'print what reference data is loaded: each kind and its count, or one kind’s entries',
    async run({ positionals }) {
      const [kind] = positionals;
      if (kind !== undefined && !isReferenceKind(kind)) {
        throw new UsageError(`KIND must be one of ${REFERENCE_KINDS.join(', ')}`);
      }
      const data = await readReferenceData();
      if (kind !== undefined) {
        const entries = data[kind];
        if (entries === undefined) {
          console.log(`${kind}: not loaded (its rules are skipped)`);
          return 0;
        }
        console.log(JSON.stringify(entries, null, 2));
        return 0;
      }
      console.table(
        REFERENCE_KINDS.map((name) => ({
          kind: name,
          entries: data[name] === undefined ? 'not loaded' : data[name].length,
        })),
      );
      return 0;
    },
  },
];

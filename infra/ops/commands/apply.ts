import { readFileSync } from 'node:fs';
import { associateOrganisationWithUsagePlan } from '../organisation-usage-plan.js';
import { applySeed, parseSeed } from '../seed.js';
import { type Command, UsageError } from './command.js';

export const applyCommand: Command = {
  name: ['apply'],
  usage: 'apply FILE',
  summary: 'apply a seed file (suppliers and organisations with their API keys)',
  async run({ positionals, environment }) {
    const file = positionals[0];
    if (!file) throw new UsageError('apply FILE');
    const seed = parseSeed(JSON.parse(readFileSync(file, 'utf8')));
    const summary = await applySeed(seed);
    console.log(summary);
    for (const organisation of seed.organisations) {
      console.log(await associateOrganisationWithUsagePlan(environment ?? 'dev', organisation.name));
    }
    return 0;
  },
};

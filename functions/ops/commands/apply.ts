import { readFileSync } from 'node:fs';
import { applySeed, parseSeed } from '../seed.js';
import { type Command, UsageError } from './command.js';

export const applyCommand: Command = {
  name: ['apply'],
  usage: 'apply FILE',
  summary: 'apply a seed file (suppliers and organisations with their API keys)',
  async run({ positionals }) {
    const file = positionals[0];
    if (!file) throw new UsageError('apply FILE');
    const summary = await applySeed(parseSeed(JSON.parse(readFileSync(file, 'utf8'))));
    console.log(summary);
    return 0;
  },
};

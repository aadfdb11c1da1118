import type { Command } from './command.js';

/** API-key commands arrive with the authentication issue (issue 4). */
export const apiKeyCommands: Command[] = [];

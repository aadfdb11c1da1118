import type { CrashPath } from '../explore.js';
import * as account from './account-paths.js';

export const crashPaths: (CrashPath & { fast?: boolean })[] = [
  { ...account.stage, fast: true },
  { ...account.process, fast: true },
  account.transactions,
  account.notes,
  account.statements,
  account.paymentInstruction,
  account.registrationFlows,
];

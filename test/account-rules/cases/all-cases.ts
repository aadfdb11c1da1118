import { accountKindCases } from './account-kind-cases.js';

/** Every rule case, for the check that each implemented rule has one. */
export const allRuleCases = [...accountKindCases];

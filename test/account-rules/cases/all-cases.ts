import { accountKindCases } from './account-kind-cases.js';
import { addressCases } from './address-cases.js';
import { contactCases } from './contact-cases.js';
import { customerCases } from './customer-cases.js';

/** Every rule case, for the check that each implemented rule has one. */
export const allRuleCases = [...accountKindCases, ...addressCases, ...contactCases, ...customerCases];

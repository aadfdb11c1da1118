import { accountKindCases } from './cases/account-kind-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(accountKindCases);

import { agreementCases } from './cases/agreement-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(agreementCases);

import { businessCases } from './cases/business-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(businessCases);

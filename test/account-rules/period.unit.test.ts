import { periodCases } from './cases/period-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(periodCases);

import { meterCases } from './cases/meter-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(meterCases);

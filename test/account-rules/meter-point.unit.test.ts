import { meterPointCases } from './cases/meter-point-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(meterPointCases);

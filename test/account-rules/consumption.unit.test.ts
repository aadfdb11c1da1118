import { consumptionCases } from './cases/consumption-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(consumptionCases);

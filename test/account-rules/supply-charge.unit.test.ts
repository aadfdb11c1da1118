import { supplyChargeCases } from './cases/supply-charge-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(supplyChargeCases);

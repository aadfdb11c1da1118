import { addressCases } from './cases/address-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(addressCases);

import { customerCases } from './cases/customer-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(customerCases);

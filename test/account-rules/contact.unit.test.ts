import { contactCases } from './cases/contact-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(contactCases);

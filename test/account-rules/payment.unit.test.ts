import { paymentCases } from './cases/payment-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(paymentCases);

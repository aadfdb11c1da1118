import { paymentScheduleCases } from './cases/payment-schedule-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(paymentScheduleCases);

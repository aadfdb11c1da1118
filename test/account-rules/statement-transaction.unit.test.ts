import { statementTransactionCases } from './cases/statement-transaction-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(statementTransactionCases);

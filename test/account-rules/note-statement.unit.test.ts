import { noteStatementCases } from './cases/note-statement-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(noteStatementCases);

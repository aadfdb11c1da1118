import { readingCases } from './cases/reading-cases.js';
import { describeRuleCases } from './rule-cases.js';

describeRuleCases(readingCases);

import { accountKindCases } from './account-kind-cases.js';
import { addressCases } from './address-cases.js';
import { agreementCases } from './agreement-cases.js';
import { businessCases } from './business-cases.js';
import { consumptionCases } from './consumption-cases.js';
import { contactCases } from './contact-cases.js';
import { customerCases } from './customer-cases.js';
import { meterCases } from './meter-cases.js';
import { meterPointCases } from './meter-point-cases.js';
import { noteStatementCases } from './note-statement-cases.js';
import { paymentCases } from './payment-cases.js';
import { paymentScheduleCases } from './payment-schedule-cases.js';
import { periodCases } from './period-cases.js';
import { readingCases } from './reading-cases.js';
import { statementTransactionCases } from './statement-transaction-cases.js';
import { supplyChargeCases } from './supply-charge-cases.js';

/** Every rule case, for the check that each implemented rule has one. */
export const allRuleCases = [
  ...accountKindCases,
  ...addressCases,
  ...contactCases,
  ...customerCases,
  ...statementTransactionCases,
  ...supplyChargeCases,
  ...noteStatementCases,
  ...meterPointCases,
  ...agreementCases,
  ...meterCases,
  ...readingCases,
  ...consumptionCases,
  ...periodCases,
  ...paymentScheduleCases,
  ...paymentCases,
  ...businessCases,
];

import { describe, expect, it } from 'vitest';
import { consentTypeRule } from '../../functions/rules/energy-account/reference-data-rules.js';
import { domesticDualFuelAccount } from '../account-schema/energy-account-fixture.js';
import type { Json } from './cases/case-shape.js';
import { choiceCases } from './configuration/choice-cases.js';
import {
  describeConfigurationCases,
  exampleReferenceData,
  judgedWith,
} from './configuration/configuration-case.js';
import { psrCases, referenceDataCases } from './configuration/reference-data-cases.js';

describeConfigurationCases(referenceDataCases);
describeConfigurationCases(psrCases);
describeConfigurationCases(choiceCases);

describe(`Consent type exists (the service's own rule: consent types are configured per platform): ${consentTypeRule.codes[0]}`, () => {
  it('a consent of a type the platform has not configured: answers invalid_choice at its type', () => {
    // Prepare
    const account: Json = domesticDualFuelAccount();
    account.customers[0].consents[1].type = 'CARRIER_PIGEON_UPDATES';
    // Act
    const { errors } = judgedWith(account, exampleReferenceData());
    // Assess
    expect(errors).toEqual([['customers.0.consents.1.type', 'invalid_choice']]);
  });

  it('is skipped while consent_types is not loaded, and the answer warns at the first consent', () => {
    // Prepare
    const account: Json = domesticDualFuelAccount();
    account.customers[0].consents[1].type = 'CARRIER_PIGEON_UPDATES';
    const data = exampleReferenceData();
    delete data.consent_types;
    // Act
    const { errors, warnings } = judgedWith(account, data);
    // Assess
    expect(errors).toEqual([]);
    expect(warnings).toEqual([['consents.0.type', 'consent_types']]);
  });
});

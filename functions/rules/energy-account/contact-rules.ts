import { isPhoneNumber, isTestEmail } from './formats.js';
import { BUSINESS_USERS, CUSTOMERS } from './payload-places.js';
import type { Item, PayloadRule } from './payload-rule.js';
import { child, text } from './payload-rule.js';
import { formatRule } from './rule-builders.js';

/** National phone numbers are read in the billing address's country (GB when it gives none). */
const countryOf = (account: Item): string => text(child(account, 'billing_address') ?? {}, 'country') ?? 'GB';

const phone = (rule: string, at: string, field: string): PayloadRule =>
  formatRule({
    rule,
    code: 'invalid_phone_number',
    at: [at],
    field,
    detail: 'Not a valid phone number (national numbers are read in the billing country).',
    valid: (value, _item, account) => isPhoneNumber(value, countryOf(account)),
  });

const testEmail = (rule: string, at: string, field: string): PayloadRule =>
  formatRule({
    rule,
    code: 'possible_test_email_address',
    at: [at],
    field,
    detail: 'This looks like a test e-mail address (test@…, xxx@…, …@test.com, …@test.co.uk, ….xxx or ….xx).',
    valid: (value) => !isTestEmail(value),
  });

const ADMINISTRATORS = 'supply_addresses[].property_administrators[]';

/** Phone numbers valid in their region; e-mail addresses that are not test addresses. */
export const contactRules: PayloadRule[] = [
  phone('EnergyCustomer.landline: Validate phone number', CUSTOMERS, 'landline'),
  phone('EnergyCustomer.mobile: Validate phone number', CUSTOMERS, 'mobile'),
  phone('BusinessUser.landline: Validate phone number', BUSINESS_USERS, 'landline'),
  phone('BusinessUser.mobile: Validate phone number', BUSINESS_USERS, 'mobile'),
  phone('PropertyAdministrator.landline: Validate phone number', ADMINISTRATORS, 'landline'),
  phone('PropertyAdministrator.mobile: Validate phone number', ADMINISTRATORS, 'mobile'),
  formatRule({
    rule: 'CustomerAlternativeNumber.phone_number: Validate phone number',
    code: 'invalid_phone_number',
    at: [`${CUSTOMERS}.alternative_phone_numbers[]`, `${BUSINESS_USERS}.alternative_phone_numbers[]`],
    field: 'phone_number',
    detail: 'Not a valid phone number (national numbers are read in the billing country).',
    valid: (value, _item, account) => isPhoneNumber(value, countryOf(account)),
  }),
  testEmail('EnergyCustomer.email: Validate email address is not test address', CUSTOMERS, 'email'),
  testEmail('BusinessUser.email: Validate email address is not test address', BUSINESS_USERS, 'email'),
  testEmail(
    'Complaint.complainant_email: Validate email address is not test address',
    'complaints[]',
    'complainant_email',
  ),
];

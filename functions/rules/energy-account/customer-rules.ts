import type { FieldError } from '../../errors.js';
import { BUSINESS_USERS, CUSTOMERS } from './payload-places.js';
import type { Item, PayloadRule } from './payload-rule.js';
import { fieldError, filled, given, itemsAt, list, text } from './payload-rule.js';
import { exclusiveRule, itemRule, notFutureRule, uniqueRule } from './rule-builders.js';

const OCCUPIER = 'the occupier';
const lower = (item: Item, field: string) => (text(item, field) ?? '').trim().toLowerCase();

/** The name field that calls a person "The Occupier", if one does. */
const occupierNameField = (person: Item): string | undefined => {
  if (lower(person, 'family_name') === OCCUPIER) return 'family_name';
  if (lower(person, 'given_name') === OCCUPIER) return 'given_name';
  const whole = `${lower(person, 'given_name')} ${lower(person, 'family_name')}`.trim();
  return whole === OCCUPIER ? 'family_name' : undefined;
};

const hasContactDetails = (person: Item) =>
  ['email', 'mobile', 'landline'].some((field) => filled(person, field)) ||
  list(person, 'alternative_phone_numbers').length > 0 ||
  (Array.isArray(person.contact_emails) && person.contact_emails.length > 0);

/** The rules on people: customers (and business users) named as they should be, each detail once. */
function peopleRules(schema: string, at: string): PayloadRule[] {
  return [
    exclusiveRule({
      rule: `${schema}: Ensures only user_details or details are provided`,
      code: 'customer_details_and_user_details_both_provided',
      at: [at],
      one: 'user_details',
      other: 'details',
      detail: 'Give the customer details as user_details or as details, not both.',
    }),
    itemRule({
      rule: `${schema}: Validate no contact details for occupier`,
      code: 'contact_details_for_occupier',
      at: [at],
      detail: 'A person called The Occupier is unknown, so has no e-mail address or phone number.',
      breaks: (person) => occupierNameField(person) !== undefined && hasContactDetails(person),
    }),
    {
      rule: `${schema}: Validate that the customer's name is not "The Occupier"`,
      codes: ['customer_may_not_be_named_the_occupier'],
      check: (account) =>
        itemsAt(account, at).flatMap(({ item, attr }) => {
          const field = occupierNameField(item);
          const detail =
            'A customer may not be named The Occupier: set unknown_occupier on the account instead.';
          return field
            ? [fieldError(`${attr}.${field}`, 'customer_may_not_be_named_the_occupier', detail)]
            : [];
        }),
    },
  ];
}

/** The same namespace's value, once per account, for the details that identify a customer. */
function repeatedUniqueDetails(account: Item): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const { item, attr } of itemsAt(account, `${CUSTOMERS}.user_details[namespace=external_user_id]`)) {
    const key = JSON.stringify(item.value ?? null);
    if (seen.has(key)) {
      const detail = 'Another customer of this account has the same external_user_id.';
      errors.push(
        fieldError(`${attr}.value`, 'repeated_values_for_unique_customer_detail_namespace', detail),
      );
    }
    seen.add(key);
  }
  return errors;
}

export const customerRules: PayloadRule[] = [
  ...peopleRules('EnergyCustomer', CUSTOMERS),
  ...peopleRules('BusinessUser', BUSINESS_USERS),
  itemRule({
    rule: 'EnergyCustomer: Validate user role',
    code: 'required_user_role',
    at: [CUSTOMERS],
    field: 'account_roles',
    detail: 'A customer needs at least one role, in account_roles or portfolio_roles.',
    breaks: (customer) =>
      !(Array.isArray(customer.account_roles) && customer.account_roles.length > 0) &&
      !(Array.isArray(customer.portfolio_roles) && customer.portfolio_roles.length > 0),
  }),
  exclusiveRule({
    rule: 'EnergyCustomer: Validate that customer_preferences and consents are not both provided',
    code: 'fields_are_mutually_exclusive',
    at: [CUSTOMERS],
    one: 'customer_preferences',
    other: 'consents',
    detail: 'Give a customer customer_preferences or consents, not both.',
  }),
  uniqueRule({
    rule: 'EnergyAccount: Validate metadata',
    code: 'metadata_has_duplicate_keys',
    at: [''],
    list: 'metadata',
    field: 'key',
    detail: 'This metadata key appears earlier in the list.',
    keyOf: (item) => text(item, 'key'),
  }),
  uniqueRule({
    rule: 'EnergyCustomer: Validate metadata',
    code: 'metadata_has_duplicate_keys',
    at: [CUSTOMERS],
    list: 'metadata',
    field: 'key',
    detail: 'This metadata key appears earlier in the list.',
    keyOf: (item) => text(item, 'key'),
  }),
  uniqueRule({
    rule: 'EnergyAccount.consents: Validate that each child has unique values for the type field',
    code: 'children_with_duplicate_values',
    at: [''],
    list: 'consents',
    field: 'type',
    detail: 'This consent type appears earlier in the list.',
    keyOf: (item) => text(item, 'type'),
  }),
  uniqueRule({
    rule: 'EnergyCustomer.consents: Validate that each child has unique values for the type field',
    code: 'children_with_duplicate_values',
    at: [CUSTOMERS],
    list: 'consents',
    field: 'type',
    detail: 'This consent type appears earlier in the list.',
    keyOf: (item) => text(item, 'type'),
  }),
  notFutureRule({
    rule: 'AccountConsent.signed_at: Validate signed_at not in the future',
    code: 'date_in_future',
    at: ['consents[]'],
    field: 'signed_at',
  }),
  notFutureRule({
    rule: 'CustomerConsent.signed_at: Validate signed_at not in the future',
    code: 'date_in_future',
    at: [`${CUSTOMERS}.consents[]`],
    field: 'signed_at',
  }),
  {
    rule: 'EnergyAccount.customers: Validate that the customers provided do not have the same value for any unique detail namespaces',
    codes: ['repeated_values_for_unique_customer_detail_namespace'],
    check: repeatedUniqueDetails,
  },
  itemRule({
    rule: 'EnergyPSR: Validate PSR industry code provided',
    code: 'psr_industry_code_not_provided',
    at: [`${CUSTOMERS}.psr[]`],
    field: 'elec_industry_code',
    detail: 'A priority services record needs an electricity or a gas industry code.',
    breaks: (psr) => !given(psr, 'elec_industry_code') && !given(psr, 'gas_industry_code'),
  }),
];

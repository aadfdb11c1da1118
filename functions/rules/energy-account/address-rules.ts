import { isUnknownOccupier } from './account-type.js';
import { isDeliveryPointIdentifier, isPostcodeOf, isUkPostcode } from './formats.js';
import { SUPPLY_ADDRESSES } from './payload-places.js';
import type { PayloadRule } from './payload-rule.js';
import { filled, given, text } from './payload-rule.js';
import { formatRule, itemRule, uniqueRule } from './rule-builders.js';

const LEGACY_BILLING = [
  'billing_address1',
  'billing_address2',
  'billing_address3',
  'billing_address4',
  'billing_address5',
  'billing_postcode',
];
const ACCOUNT = [''];
const compact = (value: string | undefined) => (value ?? '').toUpperCase().replace(/\s+/g, ' ').trim();

/** The account's billing address (either style) and its supply addresses. */
export const addressRules: PayloadRule[] = [
  itemRule({
    rule: 'EnergyAccount: Validate billing address fields',
    code: 'invalid_address',
    at: ACCOUNT,
    field: 'billing_address1',
    detail: 'A legacy billing address starts with billing_address1.',
    breaks: (account) =>
      LEGACY_BILLING.slice(1, 5).some((field) => filled(account, field)) &&
      !filled(account, 'billing_address1'),
  }),
  itemRule({
    rule: 'EnergyAccount: Validate billing address style',
    code: 'billing_address_new_style_and_legacy',
    at: ACCOUNT,
    field: 'billing_address',
    detail:
      'Give the billing address either as billing_address or as billing_address1… and billing_postcode, not both.',
    breaks: (account) =>
      given(account, 'billing_address') && LEGACY_BILLING.some((field) => given(account, field)),
  }),
  itemRule({
    rule: 'EnergyAccount: Validate billing address provided',
    code: 'billing_address_not_provided',
    at: ACCOUNT,
    field: 'billing_address1',
    detail:
      'An account with a known customer needs a billing address: billing_address, or billing_address1 and billing_postcode.',
    breaks: (account) =>
      !isUnknownOccupier(account) &&
      !given(account, 'billing_address') &&
      !(filled(account, 'billing_address1') && filled(account, 'billing_postcode')),
  }),
  formatRule({
    rule: 'EnergyAccount.billing_delivery_point_identifier: Validate delivery point identifier',
    code: 'invalid_delivery_point_identifier',
    at: ACCOUNT,
    field: 'billing_delivery_point_identifier',
    detail: 'A delivery point identifier has only capital letters and digits.',
    valid: isDeliveryPointIdentifier,
  }),
  formatRule({
    rule: "EnergyAccount.billing_email: Validate 'blackhole+' is not in billing email",
    code: 'billing_email_not_valid',
    at: ACCOUNT,
    field: 'billing_email',
    detail: 'A billing e-mail address may not be a blackhole+ address.',
    valid: (email) => !email.toLowerCase().includes('blackhole+'),
  }),
  formatRule({
    rule: 'EnergyAccount.billing_postcode: Validate and normalize postcode',
    code: 'invalid_postcode',
    at: ACCOUNT,
    field: 'billing_postcode',
    detail: 'Not a valid UK postcode.',
    valid: isUkPostcode,
  }),
  formatRule({
    rule: 'Address: Validate and normalize postcode',
    code: 'invalid_postcode',
    at: ['billing_address'],
    field: 'postal_code',
    detail: "Not a valid postcode for the address's country.",
    valid: (postcode, address) => isPostcodeOf(postcode, text(address, 'country') ?? 'GB'),
  }),
  itemRule({
    rule: 'Address: Validate address',
    code: 'invalid_address',
    at: ['billing_address'],
    field: 'street_address',
    detail: 'An address needs its street address.',
    breaks: (address) => !filled(address, 'street_address') && !given(address, 'structured_street_address'),
  }),
  formatRule({
    rule: 'Address.delivery_point_identifier: Validate delivery point identifier',
    code: 'invalid_delivery_point_identifier',
    at: ['billing_address'],
    field: 'delivery_point_identifier',
    detail: 'A delivery point identifier has only capital letters and digits.',
    valid: isDeliveryPointIdentifier,
  }),
  itemRule({
    rule: 'EnergyLegacySupplyAddress: Validate supply address',
    code: 'invalid_address',
    at: [SUPPLY_ADDRESSES],
    field: 'supply_address1',
    detail: 'A supply address needs its first line.',
    breaks: (address) => !filled(address, 'supply_address1'),
  }),
  formatRule({
    rule: 'EnergyLegacySupplyAddress.supply_delivery_point_identifier: Validate delivery point identifier',
    code: 'invalid_delivery_point_identifier',
    at: [SUPPLY_ADDRESSES],
    field: 'supply_delivery_point_identifier',
    detail: 'A delivery point identifier has only capital letters and digits.',
    valid: isDeliveryPointIdentifier,
  }),
  formatRule({
    rule: 'EnergyLegacySupplyAddress.supply_postcode: Validate and normalize postcode',
    code: 'invalid_postcode',
    at: [SUPPLY_ADDRESSES],
    field: 'supply_postcode',
    detail: 'Not a valid UK postcode.',
    valid: isUkPostcode,
  }),
  itemRule({
    rule: 'EnergyLegacySupplyAddress: Validate no more than one property administrator is provided',
    code: 'multiple_property_administrators',
    at: [SUPPLY_ADDRESSES],
    field: 'property_administrators',
    detail: 'A supply address has one property administrator at most.',
    breaks: (address) =>
      Array.isArray(address.property_administrators) && address.property_administrators.length > 1,
  }),
  formatRule({
    rule: 'EnergyAddress.postcode: Validate and normalize postcode',
    code: 'invalid_postcode',
    at: ['fit.installations[].address'],
    field: 'postcode',
    detail: 'Not a valid UK postcode.',
    valid: isUkPostcode,
  }),
  uniqueRule({
    rule: 'EnergyAccount.supply_addresses: Validate no duplicate supply addresses',
    code: 'duplicate_supply_addresses_found',
    at: ACCOUNT,
    list: 'supply_addresses',
    detail: 'This supply address (first line, second line and postcode) appears earlier in the payload.',
    keyOf: (address) =>
      JSON.stringify(
        ['supply_address1', 'supply_address2', 'supply_postcode'].map((field) =>
          compact(text(address, field)),
        ),
      ),
  }),
  uniqueRule({
    rule: 'EnergyAccount: Validate unique property external identifiers',
    code: 'duplicate_property_external_identifiers',
    at: ACCOUNT,
    list: 'supply_addresses',
    field: 'property_external_identifier',
    detail: 'This property_external_identifier appears earlier in the payload.',
    keyOf: (address) => text(address, 'property_external_identifier'),
  }),
];

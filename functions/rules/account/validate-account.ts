import { type FieldError, ValidationError } from '../../errors.js';
import { numberSourceText } from '../../validation/number-source-text.js';
import { isAfterToday, isBeforeToday } from '../values/dates.js';
import { checkDecimal } from '../values/decimal.js';
import type { Account, AccountPayload } from './account.js';
import { checkStorableSize } from './account-data.js';
import { DEFAULT_COUNTRY, normaliseCountry } from './countries.js';
import { meterPointIdentifierErrors } from './meter-point-identifier.js';
import { normalisePhoneNumber } from './phone.js';
import { normalisePostcode } from './postcode.js';

/** Top-level code and detail of every 400 about an account payload. */
export const ACCOUNT_FAILED_VALIDATION = 'account_failed_validation';
export const ACCOUNT_FAILED_VALIDATION_DETAIL = 'The account data could not be validated.';

/** Supply addresses are GB premises (MPAN/MPRN meter points): their postcodes use the GB rule. */
const SUPPLY_ADDRESS_COUNTRY = 'GB';

export interface AccountCheck {
  errors: FieldError[];
  /** The normalised account; meaningful only when `errors` is empty. */
  account: Account;
}

/**
 * The account rules a JSON Schema cannot express, on a payload that passed the schema:
 * country codes, postcodes, phone numbers, birth dates not in the future, a last billed date
 * before today, meter point identifiers (MPAN check digits, MPRN format, no duplicates), the
 * transfer balance decimal, and the stored size. Pure: `now` is given.
 */
export function checkAccount(payload: AccountPayload, now: Date): AccountCheck {
  const errors: FieldError[] = [];
  const error = (attr: string, code: string, detail: string) => errors.push({ attr, code, detail });

  const givenCountry = payload.billing_address.country;
  let country = DEFAULT_COUNTRY;
  if (givenCountry !== undefined) {
    const normalised = normaliseCountry(givenCountry);
    if (normalised) country = normalised;
    else error('billing_address.country', 'invalid_choice', 'Must be an ISO 3166-1 alpha-2 country code.');
  }

  const postcodeOf = (postcode: string, postcodeCountry: string, attr: string) => {
    const normalised = normalisePostcode(postcode, postcodeCountry);
    if (normalised === undefined) {
      error(attr, 'invalid_postcode', `Not a valid postcode for ${postcodeCountry}.`);
      return postcode;
    }
    return normalised;
  };

  const phoneOf = (value: string | undefined, attr: string) => {
    if (value === undefined) return undefined;
    const normalised = normalisePhoneNumber(value, country);
    if (normalised === undefined) {
      error(
        attr,
        'invalid_phone_number',
        `Not a valid phone number (national numbers are read as ${country}).`,
      );
      return value;
    }
    return normalised;
  };

  const customers = payload.customers.map((customer, index) => {
    const attr = `customers.${index}`;
    if (customer.date_of_birth !== undefined && isAfterToday(customer.date_of_birth, now)) {
      error(`${attr}.date_of_birth`, 'date_in_future', 'The date of birth may not be in the future.');
    }
    const mobile = phoneOf(customer.mobile, `${attr}.mobile`);
    const landline = phoneOf(customer.landline, `${attr}.landline`);
    return {
      ...customer,
      ...(mobile !== undefined ? { mobile } : {}),
      ...(landline !== undefined ? { landline } : {}),
    };
  });

  const billingAddress = {
    ...payload.billing_address,
    postcode: postcodeOf(payload.billing_address.postcode, country, 'billing_address.postcode'),
    country,
  };

  const supplyAddresses = payload.supply_addresses?.map((address, index) => ({
    ...address,
    postcode: postcodeOf(address.postcode, SUPPLY_ADDRESS_COUNTRY, `supply_addresses.${index}.postcode`),
  }));

  errors.push(...meterPointIdentifierErrors(payload.supply_addresses));

  const lastBilled = payload.last_billed_to_date;
  if (lastBilled !== undefined && isAfterToday(lastBilled, now)) {
    error('last_billed_to_date', 'date_in_future', 'The last billed date may not be in the future.');
  } else if (lastBilled !== undefined && !isBeforeToday(lastBilled, now)) {
    // The open statement period starts the day after: billed to today, it would start tomorrow
    // and nothing dated today could be posted into it.
    error(
      'last_billed_to_date',
      'date_not_before_today',
      'The last billed date must be before today: the first statement period starts the day after it.',
    );
  }

  let transferBalance: string | undefined;
  if (payload.transfer_balance !== undefined) {
    const balance = checkDecimal(payload.transfer_balance, 2, numberSourceText(payload, 'transfer_balance'));
    if (balance.ok) transferBalance = balance.value;
    else error('transfer_balance', balance.code, balance.detail);
  }

  const { transfer_balance: _given, ...rest } = payload;
  const account: Account = {
    ...rest,
    customers,
    billing_address: billingAddress,
    ...(supplyAddresses !== undefined ? { supply_addresses: supplyAddresses } : {}),
    ...(transferBalance !== undefined ? { transfer_balance: transferBalance } : {}),
  };
  if (errors.length === 0) errors.push(...checkStorableSize(account));
  return { errors, account };
}

/** The normalised account, or a 400 `account_failed_validation` with every error. */
export function requireValidAccount(payload: AccountPayload, now: Date): Account {
  const { errors, account } = checkAccount(payload, now);
  if (errors.length > 0) {
    throw new ValidationError(errors, ACCOUNT_FAILED_VALIDATION, ACCOUNT_FAILED_VALIDATION_DETAIL);
  }
  return account;
}

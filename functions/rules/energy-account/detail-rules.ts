import type { DetailValueType } from '../reference-data/reference-kinds.js';
import { BUSINESS_USERS, CUSTOMERS } from './payload-places.js';
import { child, fieldError, fieldOf, type Item, itemsAt, itemsAtAll, text } from './payload-rule.js';
import type { ReferenceRule } from './reference-rule.js';

/**
 * Customer details and business details, against the namespaces and keys registered on the
 * platform: a namespace (key) must be registered, and its value of the registered type (and, for
 * a business detail, match the key's pattern).
 */

const typeOf = (value: unknown): string =>
  Array.isArray(value)
    ? 'list'
    : value === null
      ? 'null'
      : typeof value === 'object'
        ? 'object'
        : typeof value;
const fits = (value: unknown, type: DetailValueType) => type === 'any' || typeOf(value) === type;

interface Detail {
  /** The namespace (or key) and where it is. */
  name: string;
  nameAt: string;
  value: unknown;
  valueAt: string;
}

/** The details of the deprecated `details` object (`{namespace: value}`) of each person at `at`. */
const detailsObjects = (account: Item, at: string): Detail[] =>
  itemsAt(account, at).flatMap(({ item, attr }) => {
    const details = child(item, 'details') ?? {};
    return Object.entries(details).map(([name, value]) => {
      const where = `${fieldOf(attr, 'details')}.${name}`;
      return { name, nameAt: where, value, valueAt: where };
    });
  });

/** The `{namespace, value}` items at the patterns. */
const detailItems = (account: Item, at: readonly string[], nameField: string): Detail[] =>
  itemsAtAll(account, at).flatMap(({ item, attr }) => {
    const name = text(item, nameField);
    return name === undefined
      ? []
      : [{ name, nameAt: fieldOf(attr, nameField), value: item.value, valueAt: fieldOf(attr, 'value') }];
  });

function customerDetailsRule(rule: string, detailsOf: (account: Item) => Detail[]): ReferenceRule {
  return {
    rule,
    codes: ['customer_detail_incorrect_value_type', 'customer_detail_not_registered'],
    kinds: ['customer_detail_namespaces'],
    judged: (account) => detailsOf(account).map(({ nameAt }) => nameAt),
    check: (account, data) => {
      const registered = new Map(
        data.customer_detail_namespaces.map((entry) => [entry.namespace, entry.type]),
      );
      return detailsOf(account).flatMap(({ name, nameAt, value, valueAt }) => {
        const type = registered.get(name);
        if (type === undefined) {
          const detail = `No customer detail namespace ${name} is registered on the platform.`;
          return [fieldError(nameAt, 'customer_detail_not_registered', detail)];
        }
        return fits(value, type)
          ? []
          : [
              fieldError(
                valueAt,
                'customer_detail_incorrect_value_type',
                `A ${name} detail's value is a ${type}.`,
              ),
            ];
      });
    },
  };
}

const businessDetails = (account: Item) => detailItems(account, ['business.details[]'], 'key');

/** A business detail's value breaks its key's pattern: a text, or each text of a list. */
const breaksPattern = (value: unknown, pattern: RegExp) => {
  const texts = Array.isArray(value) ? value : [value];
  return texts.some((item) => typeof item === 'string' && !pattern.test(item));
};

function businessDetailRule(spec: {
  rule: string;
  code: string;
  breaks: (value: unknown, key: { type: DetailValueType; pattern?: string }) => string | undefined;
}): ReferenceRule {
  return {
    rule: spec.rule,
    codes: [spec.code],
    kinds: ['business_detail_keys'],
    judged: (account) => businessDetails(account).map(({ valueAt }) => valueAt),
    check: (account, data) => {
      const keys = new Map(data.business_detail_keys.map((entry) => [entry.key, entry]));
      return businessDetails(account).flatMap(({ name, value, valueAt }) => {
        const key = keys.get(name);
        const detail = key && spec.breaks(value, key);
        return detail ? [fieldError(valueAt, spec.code, detail)] : [];
      });
    },
  };
}

export const detailRules: ReferenceRule[] = [
  customerDetailsRule('CustomerUserDetail: Validate user details', (account) =>
    detailItems(account, [`${CUSTOMERS}.user_details[]`, `${BUSINESS_USERS}.user_details[]`], 'namespace'),
  ),
  customerDetailsRule('EnergyCustomer.details: Validate user details', (account) =>
    detailsObjects(account, CUSTOMERS),
  ),
  customerDetailsRule('BusinessUser.details: Validate user details', (account) =>
    detailsObjects(account, BUSINESS_USERS),
  ),
  businessDetailRule({
    rule: 'BusinessDetail: Validate that the value for the business details key has the correct type',
    code: 'business_detail_incorrect_value_type',
    breaks: (value, key) =>
      fits(value, key.type) ? undefined : `This business detail's value is a ${key.type}.`,
  }),
  businessDetailRule({
    rule: 'BusinessDetail: Validate the business details value',
    code: 'business_detail_failed_validation',
    breaks: (value, key) =>
      key.pattern !== undefined && breaksPattern(value, new RegExp(key.pattern, 'u'))
        ? `This business detail's value does not match ${key.pattern}.`
        : undefined,
  }),
];

import { ELECTRICITY_POINTS, METER_POINTS } from './payload-places.js';
import { fieldError, fieldOf, type Item, itemsAt, itemsAtAll, text } from './payload-rule.js';
import type { ReferenceRule } from './reference-rule.js';

/**
 * Choices each platform configures for itself: complaint types and official bodies, product
 * characteristics, and the agents' contracts it holds.
 */

const COMPLAINTS = 'complaints[]';
const CHARACTERISTICS = `${METER_POINTS}.agreements[].characteristics[]`;
const AGENT_CONTRACTS = ['da_contract', 'dc_contract', 'mop_contract'].map(
  (agent) => `${ELECTRICITY_POINTS}.agents.${agent}`,
);

/** A choice and the sub-choices it allows (a complaint type and its subtypes, a body and its statuses). */
function pairRule(spec: {
  rule: string;
  code: string;
  kind: 'complaint_types' | 'official_complaint_bodies';
  field: string;
  subField: string;
  entries: (data: Parameters<ReferenceRule['check']>[1]) => Map<string, readonly string[]>;
  what: string;
}): ReferenceRule {
  return {
    rule: spec.rule,
    codes: [spec.code],
    kinds: [spec.kind],
    judged: (account) =>
      itemsAt(account, COMPLAINTS).flatMap(({ item, attr }) =>
        text(item, spec.field) === undefined ? [] : [fieldOf(attr, spec.field)],
      ),
    check: (account, data) => {
      const allowed = spec.entries(data);
      return itemsAt(account, COMPLAINTS).flatMap(({ item, attr }) => {
        const choice = text(item, spec.field);
        const sub = text(item, spec.subField);
        if (choice === undefined) return [];
        const subs = allowed.get(choice);
        if (subs === undefined)
          return [
            fieldError(
              fieldOf(attr, spec.field),
              spec.code,
              `No ${spec.what} ${choice} is configured on the platform.`,
            ),
          ];
        return sub === undefined || subs.includes(sub)
          ? []
          : [fieldError(fieldOf(attr, spec.subField), spec.code, `${choice} allows no ${sub}.`)];
      });
    },
  };
}

/** An agent's contract matches a held one: the same agent and contract, and the same service references where both give them. */
const matches = (contract: Item, held: Record<string, string | undefined>) =>
  ['agent_mpid', 'contract_reference', 'service_reference', 'service_level_reference'].every((field) => {
    const given = text(contract, field);
    return given === undefined || held[field] === undefined || held[field] === given;
  });

export const configuredChoiceRules: ReferenceRule[] = [
  pairRule({
    rule: 'Complaint: Validate complaint type and subtype',
    code: 'invalid_complaint_type_or_subtype',
    kind: 'complaint_types',
    field: 'type_of_complaint',
    subField: 'subtype_of_complaint',
    entries: (data) => new Map(data.complaint_types.map((entry) => [entry.type, entry.subtypes])),
    what: 'complaint type',
  }),
  pairRule({
    rule: "Complaint: Validate an official complaint's organization and status.",
    code: 'invalid_official_organization_or_status',
    kind: 'official_complaint_bodies',
    field: 'official_entity',
    subField: 'official_status',
    entries: (data) => new Map(data.official_complaint_bodies.map((entry) => [entry.name, entry.statuses])),
    what: 'official complaints body',
  }),
  {
    rule: 'ProductCharacteristic: Validate that characteristics.code and characteristics.value are valid',
    codes: ['characteristic_code_not_found', 'invalid_characteristic_value'],
    kinds: ['product_characteristics'],
    judged: (account) => itemsAt(account, CHARACTERISTICS).map(({ attr }) => fieldOf(attr, 'code')),
    check: (account, data) => {
      const characteristics = new Map(
        data.product_characteristics.map((entry) => [entry.code, entry.values]),
      );
      return itemsAt(account, CHARACTERISTICS).flatMap(({ item, attr }) => {
        const code = text(item, 'code') ?? '';
        const values = characteristics.get(code);
        if (values === undefined)
          return [
            fieldError(
              fieldOf(attr, 'code'),
              'characteristic_code_not_found',
              `No characteristic ${code} is configured on the platform.`,
            ),
          ];
        const value = text(item, 'value');
        return value === undefined || values.includes(value)
          ? []
          : [
              fieldError(
                fieldOf(attr, 'value'),
                'invalid_characteristic_value',
                `${code} allows no ${value}.`,
              ),
            ];
      });
    },
  },
  {
    rule: 'ElectricityMeterPoint: Validate that the agent contract references exists',
    codes: ['agent_contract_reference_does_not_exist'],
    kinds: ['agent_contract_references'],
    judged: (account) =>
      itemsAtAll(account, AGENT_CONTRACTS).flatMap(({ item, attr }) =>
        text(item, 'contract_reference') === undefined ? [] : [fieldOf(attr, 'contract_reference')],
      ),
    check: (account, data) =>
      itemsAtAll(account, AGENT_CONTRACTS)
        .filter(({ item }) => text(item, 'contract_reference') !== undefined)
        .filter(({ item }) => !data.agent_contract_references.some((held) => matches(item, { ...held })))
        .map(({ attr }) =>
          fieldError(
            fieldOf(attr, 'contract_reference'),
            'agent_contract_reference_does_not_exist',
            'The platform holds no such contract for this agent (agent, contract and service references).',
          ),
        ),
  },
];

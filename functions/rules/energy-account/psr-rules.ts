import { CUSTOMERS } from './payload-places.js';
import { fieldError, fieldOf, itemsAt, text } from './payload-rule.js';
import { type ReferenceRule, valuesAt } from './reference-rule.js';

const PSR = `${CUSTOMERS}.psr[]`;
const lower = (value: string) => value.trim().toLowerCase();

/** PSR records judged against the platform's needs: description, industry codes, temporary needs. */
export const psrRules: ReferenceRule[] = [
  {
    rule: 'EnergyPSR.description: Validate PSR description',
    codes: ['psr_record_description_not_found'],
    kinds: ['psr_needs'],
    judged: (account) =>
      valuesAt(account, [PSR], 'description').flatMap(({ value, attr }) =>
        value.trim() === '' ? [] : [attr],
      ),
    check: (account, data) => {
      const descriptions = new Set(data.psr_needs.map((need) => lower(need.description)));
      return valuesAt(account, [PSR], 'description')
        .filter(({ value }) => value.trim() !== '' && !descriptions.has(lower(value)))
        .map(({ attr }) =>
          fieldError(
            attr,
            'psr_record_description_not_found',
            'This PSR description is not one the platform has.',
          ),
        );
    },
  },
  ...(
    [
      ['elec_industry_code', 'electricity_code', 'electricity_psr_record_not_found', 'electricity'],
      ['gas_industry_code', 'gas_code', 'gas_psr_record_not_found', 'gas'],
    ] as const
  ).map(
    ([field, entryField, code, fuel]): ReferenceRule => ({
      rule: `EnergyPSR.${field}: Validate PSR ${fuel} industry code`,
      codes: [code, 'psr_invalid_industry_code'],
      kinds: ['psr_needs'],
      judged: (account) =>
        valuesAt(account, [PSR], field).flatMap(({ value, attr }) => (value.trim() === '' ? [] : [attr])),
      check: (account, data) => {
        const codes = new Set(data.psr_needs.flatMap((need) => (need[entryField] ? [need[entryField]] : [])));
        return valuesAt(account, [PSR], field)
          .filter(({ value }) => value.trim() !== '' && !codes.has(value))
          .map(({ value, attr }) =>
            fieldError(attr, code, `No ${fuel} PSR need has the industry code ${value}.`),
          );
      },
    }),
  ),
  {
    rule: 'EnergyPSR: Validate that temporary PSRs have an effective_to datetime specified',
    codes: ['temporary_psr_does_not_have_end_date'],
    kinds: ['psr_needs'],
    judged: (account) => itemsAt(account, PSR).map(({ attr }) => attr),
    check: (account, data) => {
      const temporary = data.psr_needs.filter((need) => need.temporary);
      const isTemporary = (psr: Record<string, unknown>) =>
        temporary.some(
          (need) =>
            (need.electricity_code !== undefined && psr.elec_industry_code === need.electricity_code) ||
            (need.gas_code !== undefined && psr.gas_industry_code === need.gas_code) ||
            (typeof psr.description === 'string' && lower(psr.description) === lower(need.description)),
        );
      return itemsAt(account, PSR)
        .filter(({ item }) => isTemporary(item) && text(item, 'effective_to') === undefined)
        .map(({ attr }) =>
          fieldError(
            fieldOf(attr, 'effective_to'),
            'temporary_psr_does_not_have_end_date',
            'This PSR need is temporary: give the date it ends in effective_to.',
          ),
        );
    },
  },
];

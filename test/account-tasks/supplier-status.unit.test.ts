import { describe, expect, it } from 'vitest';
import { acceptsMigrations, mayResumeMigrations, SUPPLIER_STATUSES } from '../../functions/rules/supplier.js';

describe('Rule: only an Ongoing supplier takes account imports; a Paused one may take them again, a Complete one never', () => {
  it.each([
    ['Ongoing', true, false],
    ['Paused', false, true],
    ['Complete', false, false],
  ] as const)('%s: accepts migrations %s, may resume %s', (status, accepts, mayResume) => {
    // Act and Assess
    expect(acceptsMigrations(status)).toBe(accepts);
    expect(mayResumeMigrations(status)).toBe(mayResume);
  });

  it('covers every supplier status', () => {
    expect([...SUPPLIER_STATUSES].sort()).toEqual(['Complete', 'Ongoing', 'Paused']);
  });
});

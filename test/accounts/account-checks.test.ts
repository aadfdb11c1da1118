import { describe, expect, it, vi } from 'vitest';
import { NotFoundError } from '../../functions/errors.js';
import { dynamoDbClient } from '../../functions/store/dynamodb.js';
import {
  clearReferenceDataCache,
  REFERENCE_DATA_CACHE_SECONDS,
  readReferenceData,
} from '../../functions/store/reference-data-store.js';
import { checkAccountForSupplier } from '../../functions/use-cases/account-checks.js';
import { RequestCounter } from '../support/request-counter.js';
import { accountPayload } from './support/accounts.js';

// As deployed: a warm function keeps what it read for a minute (the test runtime's default is 0).
vi.hoisted(() => {
  process.env.DATA_IMPORT_REFERENCE_DATA_CACHE_SECONDS = '60';
});

const pairs = (errors: { attr: string; code: string }[]) => errors.map(({ attr, code }) => [attr, code]);

describe('Rule: a validating function reads reference data at most once a minute', () => {
  it('two reads within a minute send one Query; a read a minute later sends another', async () => {
    // Prepare
    clearReferenceDataCache();
    const start = Date.now();
    const counter = new RequestCounter().attach(dynamoDbClient);
    try {
      // Act
      const first = await readReferenceData(start);
      const again = await readReferenceData(start + (REFERENCE_DATA_CACHE_SECONDS - 1) * 1000);
      const withinMinute = counter.byOperation();
      await readReferenceData(start + REFERENCE_DATA_CACHE_SECONDS * 1000 + 1);
      // Assess
      expect(REFERENCE_DATA_CACHE_SECONDS).toBe(60);
      expect(again).toBe(first);
      expect(first.operations_teams).toContain('Migrations North');
      expect(withinMinute).toEqual({ QueryCommand: 1 });
      expect(counter.byOperation()).toEqual({ QueryCommand: 2 });
    } finally {
      counter.detach();
    }
  });
});

describe('Rule: checkAccountForSupplier judges the payload, the reference data and the supplier’s settings', () => {
  it('an account every rule accepts: no errors, no warnings, the account normalised', async () => {
    // Prepare
    const payload = accountPayload();
    // Act
    const checked = await checkAccountForSupplier(payload, 'ACME', new Date());
    // Assess
    expect(checked.errors).toEqual([]);
    expect(checked.warnings).toEqual([]);
    expect(checked.account.external_account_number).toBe(payload.external_account_number);
    expect(checked.account).not.toHaveProperty('next_bill_due_date');
  });

  it("an unknown team answers operations_team_name_does_not_exist, and the supplier's settings apply", async () => {
    // Prepare
    const payload = accountPayload({ operations_team_name: 'No Such Team' });
    const supplier = {
      code: 'ACME',
      status: 'Ongoing' as const,
      root_location: 'acme',
      expiry_window_days: 30,
      settings: { consents_enabled: false },
    };
    // Act
    const checked = await checkAccountForSupplier(payload, supplier, new Date());
    // Assess
    expect(pairs(checked.errors)).toEqual([
      ['operations_team_name', 'operations_team_name_does_not_exist'],
      ['consents', 'field_not_enabled'],
      ['customers.0.consents', 'field_not_enabled'],
    ]);
  });

  it('a supplier code the service does not know is a NotFoundError import_supplier_does_not_exist', async () => {
    // Act
    const checking = checkAccountForSupplier(accountPayload(), 'NO-SUCH-SUPPLIER', new Date());
    // Assess
    await expect(checking).rejects.toBeInstanceOf(NotFoundError);
    await expect(checking).rejects.toMatchObject({ code: 'import_supplier_does_not_exist' });
  });
});

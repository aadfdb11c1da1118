import type { AnyValidateFunction } from 'ajv/dist/core.js';
import { describe, expect, it } from 'vitest';
import { validators as generated } from '../../functions/events/generated/catalogue-validators.js';
import { eventSchemaId, keyOf } from '../../schemas/build/events-catalogue.js';
import { catalogue } from '../../schemas/catalogue/index.js';
import type { CatalogueEvent } from '../../schemas/catalogue/types.js';
import {
  ledgerEntry,
  samplePayload,
  withEachWrongType,
  withoutEachRequired,
  withUndocumentedProperty,
} from './support/samples.js';
import { ajvWithEverySchemaFile } from './support/schema-files.js';

/**
 * Every event, checked twice: against its JSON Schema file (compiled here by ajv with every file
 * under schemas/) and against the ahead-of-time compiled validator the service ships.
 */

type Check = (payload: unknown) => boolean;
const ajv = ajvWithEverySchemaFile();
const fromFile = (event: CatalogueEvent): Check => ajv.getSchema(eventSchemaId(event)) as AnyValidateFunction;
const fromGenerated = (event: CatalogueEvent): Check =>
  (generated as unknown as Record<string, Check>)[keyOf(event)]!;

const events = catalogue.events.map((event) => [keyOf(event), event] as const);

describe.each([
  ['the schema file', fromFile],
  ['the generated validator', fromGenerated],
])('Every event payload is checked by %s', (_name, validatorOf) => {
  it.each(events)('%s: a complete valid payload passes', (_key, event) => {
    // Prepare
    const validate = validatorOf(event);
    // Act / Assess
    expect(validate(samplePayload(event.fields))).toBe(true);
  });

  it.each(events)('%s: only the required fields pass', (_key, event) => {
    // Prepare
    const required = samplePayload(event.fields.filter((field) => field.required));
    // Act / Assess
    expect(validatorOf(event)(required)).toBe(true);
  });

  it.each(events)('%s: dropping any required field (also inside structures) fails', (_key, event) => {
    // Prepare
    const validate = validatorOf(event);
    // Act
    const accepted = withoutEachRequired(event.fields).filter((mutation) => validate(mutation.payload));
    // Assess
    expect(accepted.map((mutation) => mutation.path)).toEqual([]);
  });

  it.each(events)('%s: a wrong type for any field (also inside structures) fails', (_key, event) => {
    // Prepare
    const validate = validatorOf(event);
    // Act
    const accepted = withEachWrongType(event.fields).filter((mutation) => validate(mutation.payload));
    // Assess
    expect(accepted.map((mutation) => mutation.path)).toEqual([]);
  });

  it.each(events)(
    '%s: an undocumented property fails (unless the catalogue is cut off there)',
    (_key, event) => {
      // Prepare
      const validate = validatorOf(event);
      // Act
      const accepted = withUndocumentedProperty(event.fields).filter((mutation) =>
        validate(mutation.payload),
      );
      // Assess
      expect(accepted.map((mutation) => mutation.path)).toEqual(
        event.truncated ? ['undocumented_field'] : [],
      );
    },
  );

  it.each(events)('%s: a payload that is not an object fails', (_key, event) => {
    expect(validatorOf(event)(['not', 'an', 'object'])).toBe(false);
    expect(validatorOf(event)(null)).toBe(false);
  });
});

describe('Nested structures are validated too', () => {
  const byKey = new Map(catalogue.events.map((event) => [keyOf(event), event]));
  const validate = fromGenerated(byKey.get('billing.ledger.entry_posted@v2')!);
  const entryPosted = {
    ledger: { account: { number: 'A-1234ABCD' }, number: 'L-1' },
    entry: ledgerEntry(),
  };

  it('billing.ledger.entry_posted v2 checks its entry and the ledger account', () => {
    // Assess
    expect(validate(entryPosted)).toBe(true);
    expect(validate({ ...entryPosted, entry: { ...entryPosted.entry, is_charge: 'yes' } })).toBe(false);
    expect(validate({ ...entryPosted, entry: { ...entryPosted.entry, id: '1' } })).toBe(false);
    expect(validate({ ...entryPosted, entry: { ...entryPosted.entry, amount: 100 } })).toBe(false);
    expect(validate({ ...entryPosted, ledger: { ...entryPosted.ledger, account: {} } })).toBe(false);
  });

  it('lifecycle.join-supplier.agreement.created checks every item of agreements[]', () => {
    // Prepare
    const check = fromFile(byKey.get('lifecycle.join-supplier.agreement.created@v1')!);
    const agreement = { id: 1, valid_from: '2024-01-01', valid_to: '2025-01-01', product_code: 'P' };
    const payload = {
      account_number: 'A-1',
      join_supplier_process_number: 'J-1',
      supply_point: { external_identifier: 'X', market_name: 'M', confirmed_supply_start_date: '2024-01-01' },
      agreements: [agreement, agreement],
      contract_references: {},
    };
    // Act / Assess
    expect(check(payload)).toBe(true);
    expect(check({ ...payload, agreements: [agreement, { ...agreement, id: 'two' }] })).toBe(false);
    expect(check({ ...payload, agreements: [agreement, { id: 2 }] })).toBe(false);
    expect(check({ ...payload, agreements: [{ ...agreement, extra: 1 }] })).toBe(false);
    expect(check({ ...payload, agreements: agreement })).toBe(false);
  });
});

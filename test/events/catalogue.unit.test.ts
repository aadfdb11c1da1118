import { describe, expect, it } from 'vitest';
import { eventSchemaPath, keyOf } from '../../schemas/build/events-catalogue.js';
import { catalogue } from '../../schemas/catalogue/index.js';
import {
  ajvWithEverySchemaFile,
  eventSchemaFiles,
  readSchema,
  schemaFiles,
  structureSchemaFiles,
} from './support/schema-files.js';

type Schema = { $id: string; properties: Record<string, unknown> };
const schemaOf = (type: string, version: string) =>
  readSchema(`schemas/events/${type}/${version}.json`) as unknown as Schema;
const fieldsOf = (type: string, version: string) => Object.keys(schemaOf(type, version).properties);

describe('The catalogue holds exactly 291 (event type, payload version) pairs and 47 structures', () => {
  it('counts 291 pairs and 47 structures in the catalogue source', () => {
    // Assess
    expect(catalogue.events).toHaveLength(291);
    expect(new Set(catalogue.events.map(keyOf)).size).toBe(291);
    expect(catalogue.structures).toHaveLength(47);
  });

  it('writes exactly 291 event schema files and 47 structure schema files', () => {
    // Act
    const events = eventSchemaFiles();
    // Assess
    expect(events).toHaveLength(291);
    expect(events).toEqual(catalogue.events.map(eventSchemaPath).sort());
    expect(structureSchemaFiles()).toHaveLength(47);
  });

  it('keeps a structure listed in both parts of the spec once (Period, DlfChanges, TniChanges)', () => {
    // Assess
    for (const name of ['Period', 'DlfChanges', 'TniChanges']) {
      expect(catalogue.structures.filter((structure) => structure.name === name)).toHaveLength(1);
    }
  });
});

describe('Every schema file has a unique $id and compiles with ajv after adding every file under schemas/', () => {
  it('gives every schema file under schemas/ a unique $id', () => {
    // Act
    const ids = schemaFiles().map((file) => readSchema(file).$id);
    // Assess
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('compiles every event and structure schema, resolving $refs by $id', () => {
    // Prepare
    const ajv = ajvWithEverySchemaFile();
    // Act
    const uncompiled = [...eventSchemaFiles(), ...structureSchemaFiles()].filter((file) => {
      const id = readSchema(file).$id as string;
      return typeof ajv.getSchema(id) !== 'function';
    });
    // Assess
    expect(uncompiled).toEqual([]);
  });
});

describe('Odd entries of the catalogue are kept exactly as the spec lists them', () => {
  it('treats aus.industry.electricity.register.network_tariff_code.changed.v2 as an event type with version v1', () => {
    // Assess
    expect(fieldsOf('aus.industry.electricity.register.network_tariff_code.changed.v2', 'v1')).toEqual([
      'nmi',
      'event_data',
    ]);
    expect(fieldsOf('aus.industry.electricity.register.network_tariff_code.changed', 'v1')).toContain(
      'network_tariff_code',
    );
  });

  it('gives lifecycle.support-site.sale the payload version 1.0.0', () => {
    // Assess
    expect(catalogue.events.filter((event) => event.type === 'lifecycle.support-site.sale')).toMatchObject([
      { version: '1.0.0' },
    ]);
    expect(fieldsOf('lifecycle.support-site.sale', '1.0.0')).toEqual([
      'support_user_id',
      'supply_start_date',
      'trigger_action',
    ]);
  });

  it('keeps every version of a multi-version event side by side', () => {
    // Prepare
    const versions = (type: string) =>
      catalogue.events.filter((event) => event.type === type).map((event) => event.version);
    // Assess
    expect(versions('billing.billing_document_representation.dispatched')).toEqual(['v1', 'v2', 'v3']);
    expect(versions('billing.ledger.entry_posted')).toEqual(['v1', 'v2']);
    expect(versions('billing.ledger.entry_removed')).toEqual(['v1', 'v2']);
    expect(versions('collection_process.withdrawn')).toEqual(['v1', 'v2']);
    expect(versions('delinquent_debt.position_changed')).toEqual(['v1', 'v2']);
    expect(versions('lifecycle.leave-supplier.requested')).toEqual(['v2', 'v3']);
    expect(versions('lifecycle.leave-supplier.updated')).toEqual(['v2', 'v3']);
    expect(versions('meter_data_quality.resolution_cancelled')).toEqual(['v1', 'v2']);
    expect(versions('leads.opportunity.offer-group.created')).toEqual(['v2']);
  });

  it('lets only meter_data_quality.resolution_requested v1 (cut off in the spec) accept undocumented properties', () => {
    // Act
    const open = eventSchemaFiles().filter((file) => readSchema(file).additionalProperties !== false);
    // Assess
    expect(open).toEqual(['schemas/events/meter_data_quality.resolution_requested/v1.json']);
    expect(fieldsOf('meter_data_quality.resolution_requested', 'v1').at(-1)).toBe('reading_type');
  });
});

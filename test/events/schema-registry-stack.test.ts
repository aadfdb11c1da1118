import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  MAX_REGISTRIES_PER_REGION,
  MAX_RESOURCES_PER_STACK,
  MAX_SCHEMAS_PER_REGISTRY,
  registryRanges,
  SchemaRegistryStack,
} from '../../infra/stacks/schema-registry-stack.js';
import { createAjv } from '../../schemas/build/standalone-esm.js';
import { catalogue } from '../../schemas/catalogue/index.js';
import { samplePayload } from './support/samples.js';

/** The schema registry stack, synthesized offline. */

const app = new App();
const stack = new SchemaRegistryStack(app, 'DataImportSchemas', {
  env: { account: '123456789012', region: 'eu-west-1' },
});
const template = Template.fromStack(stack);
const schemas = Object.values(template.findResources('AWS::EventSchemas::Schema')) as {
  Properties: {
    SchemaName: string;
    Type: string;
    Content: string;
    RegistryName: unknown;
    Description: string;
  };
}[];

const registries = template.findResources('AWS::EventSchemas::Registry') as Record<
  string,
  { Properties: { RegistryName: string } }
>;

describe('The schema registries respect the EventBridge and CloudFormation quotas', () => {
  it('puts at most 100 schemas in each registry', () => {
    // Act
    const perRegistry = new Map<string, number>();
    for (const schema of schemas) {
      const [registryId] = (schema.Properties.RegistryName as { 'Fn::GetAtt': [string, string] })[
        'Fn::GetAtt'
      ];
      perRegistry.set(registryId, (perRegistry.get(registryId) ?? 0) + 1);
    }
    // Assess
    expect([...perRegistry.keys()].sort()).toEqual(Object.keys(registries).sort());
    for (const count of perRegistry.values()) expect(count).toBeLessThanOrEqual(MAX_SCHEMAS_PER_REGISTRY);
    expect(MAX_SCHEMAS_PER_REGISTRY).toBe(100);
  });

  it('uses at most 10 registries (the per-region quota), with distinct names', () => {
    // Act
    const names = Object.values(registries).map((registry) => registry.Properties.RegistryName);
    // Assess
    expect(names.length).toBeGreaterThan(1);
    expect(names.length).toBeLessThanOrEqual(MAX_REGISTRIES_PER_REGION);
    expect(MAX_REGISTRIES_PER_REGION).toBe(10);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^data-import-events-\d+$/);
  });

  it('keeps the stack under 500 resources', () => {
    // Assess
    expect(Object.keys(template.toJSON().Resources).length).toBeLessThan(MAX_RESOURCES_PER_STACK);
    expect(MAX_RESOURCES_PER_STACK).toBe(500);
  });

  it('refuses a catalogue that would need more than 10 registries', () => {
    // Prepare
    const names = Array.from({ length: 1001 }, (_, i) => `event.${i}@v1`);
    // Act + Assess
    expect(() => registryRanges(names)).toThrow(/11 registries/);
    expect(registryRanges(names.slice(0, 1000))).toHaveLength(10);
  });
});

describe('The schema registry stack publishes every event of the catalogue', () => {
  it('holds exactly 291 schemas, split by name into consecutive ranges', () => {
    // Act
    const ranges = registryRanges(schemas.map((schema) => schema.Properties.SchemaName));
    // Assess
    template.resourceCountIs('AWS::EventSchemas::Schema', 291);
    expect(ranges.flat()).toHaveLength(291);
    expect(ranges.flat()).toEqual([...ranges.flat()].sort());
  });

  it('names each schema like its detail-type, uniquely, within the allowed characters', () => {
    // Act
    const names = schemas.map((schema) => schema.Properties.SchemaName);
    // Assess
    expect(new Set(names).size).toBe(291);
    expect(names).toContain('account.created@v1');
    expect(names).toContain('lifecycle.support-site.sale@1.0.0');
    expect(names).toContain('aus.industry.electricity.register.network_tariff_code.changed.v2@v1');
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9@._-]{1,385}$/);
  });

  it('stores JSONSchemaDraft4 content that stands alone (no $ref outside the schema) and within 100 000 characters', () => {
    for (const schema of schemas) {
      expect(schema.Properties.Type).toBe('JSONSchemaDraft4');
      expect(schema.Properties.RegistryName).toEqual({ 'Fn::GetAtt': [expect.any(String), 'RegistryName'] });
      expect(schema.Properties.Content.length).toBeLessThan(100_000);
      expect(schema.Properties.Description.length).toBeLessThanOrEqual(256);
      const refs = [...schema.Properties.Content.matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]);
      for (const ref of refs) expect(ref).toMatch(/^#\/definitions\/[A-Za-z0-9]+$/);
      expect(JSON.parse(schema.Properties.Content)).toMatchObject({
        $schema: 'http://json-schema.org/draft-04/schema#',
        type: 'object',
      });
    }
  });

  it('validates like the catalogue: each content accepts a complete payload and rejects an undocumented property', () => {
    // Prepare
    const byName = new Map(
      schemas.map((schema) => [schema.Properties.SchemaName, schema.Properties.Content]),
    );
    const ajv = createAjv();
    for (const event of catalogue.events) {
      const { $schema: _draft, ...content } = JSON.parse(byName.get(`${event.type}@${event.version}`)!);
      // Act
      const validate = ajv.compile(content);
      // Assess
      expect(validate(samplePayload(event.fields))).toBe(true);
      expect(validate({ ...samplePayload(event.fields), undocumented_field: 1 })).toBe(
        event.truncated === true,
      );
    }
  });
});

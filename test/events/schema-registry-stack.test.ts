import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { SchemaRegistryStack } from '../../infra/stacks/schema-registry-stack.js';
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

describe('The schema registry stack publishes every event of the catalogue', () => {
  it('holds one registry and exactly 291 schemas, well under 500 resources', () => {
    // Assess
    template.resourceCountIs('AWS::EventSchemas::Registry', 1);
    template.resourceCountIs('AWS::EventSchemas::Schema', 291);
    expect(Object.keys(template.toJSON().Resources).length).toBeLessThan(500);
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

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_MAPPING_TEMPLATE_BYTES, verbatimTemplate } from '../../infra/constructs/document-routes.js';
import { PROJECT_ROOT } from '../../infra/constructs/service-function.js';
import { documentRoutes } from '../../infra/routes.js';
import { synth } from './support/synth.js';

interface MockMethod {
  HttpMethod: string;
  AuthorizationType: string;
  Integration: {
    Type: string;
    IntegrationResponses: { StatusCode: string; ResponseTemplates: Record<string, string> }[];
  };
}

describe('The OpenAPI document is served by API Gateway itself, without a token and without a function', () => {
  const [route] = documentRoutes;
  const document = readFileSync(path.join(PROJECT_ROOT, route.file), 'utf8');

  it('GET /v1/data-import/openapi.json is a mock integration whose 200 template is the document, verbatim', () => {
    // Prepare
    const { template } = synth('dev');

    // Act
    const mocks = Object.values(
      template.findResources('AWS::ApiGateway::Method', { Properties: { Integration: { Type: 'MOCK' } } }),
    ) as { Properties: MockMethod }[];

    // Assess
    expect(mocks).toHaveLength(1);
    const method = mocks[0]!.Properties;
    expect(method.HttpMethod).toBe('GET');
    expect(method.AuthorizationType).toBe('NONE');
    const [response] = method.Integration.IntegrationResponses;
    expect(response!.StatusCode).toBe('200');
    expect(response!.ResponseTemplates['application/json']).toBe(`#[[${document}]]#`);
  });

  it('fits in one mapping template (API Gateway refuses templates over 300 KB)', () => {
    // Act / Assess
    expect(Buffer.byteLength(verbatimTemplate(document))).toBeLessThanOrEqual(MAX_MAPPING_TEMPLATE_BYTES);
    expect(() => verbatimTemplate('x'.repeat(MAX_MAPPING_TEMPLATE_BYTES))).toThrow(/300|bytes/);
  });

  it('refuses a document that would end the unparsed block early', () => {
    // Act / Assess
    expect(() => verbatimTemplate('{"a": "]]#"}')).toThrow(/\]\]#/);
  });
});

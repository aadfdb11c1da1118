import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validations } from 'aws-cdk-lib';
import {
  AuthorizationType,
  MockIntegration,
  PassthroughBehavior,
  type RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import { documentRoutes } from '../routes.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** API Gateway refuses a mapping template over 300 KB (a REST API quota that cannot be raised). */
export const MAX_MAPPING_TEMPLATE_BYTES = 300 * 1024;

/**
 * A mapping template is Velocity (VTL): `$name` and `#directive` in it are code. The document is
 * wrapped in Velocity's unparsed-content block `#[[ … ]]#`, so API Gateway sends it byte for byte.
 */
export function verbatimTemplate(content: string): string {
  if (content.includes(']]#')) throw new Error('A verbatim template cannot contain "]]#"');
  const template = `#[[${content}]]#`;
  if (Buffer.byteLength(template) > MAX_MAPPING_TEMPLATE_BYTES) {
    throw new Error(`The template is over API Gateway's ${MAX_MAPPING_TEMPLATE_BYTES} bytes`);
  }
  return template;
}

/**
 * The static documents of infra/routes.ts (the OpenAPI document), answered by API Gateway
 * itself: a mock integration whose 200 response template is the file read at synth time. No
 * function, no bucket, no token.
 */
export function addDocumentRoutes(api: RestApi): void {
  for (const doc of documentRoutes) {
    const content = readFileSync(path.join(projectRoot, doc.file), 'utf8');
    const integration = new MockIntegration({
      passthroughBehavior: PassthroughBehavior.WHEN_NO_TEMPLATES,
      requestTemplates: { 'application/json': '{"statusCode": 200}' },
      integrationResponses: [
        {
          statusCode: '200',
          responseParameters: { 'method.response.header.Content-Type': `'${doc.contentType}'` },
          responseTemplates: { 'application/json': verbatimTemplate(content) },
        },
      ],
    });
    const method = api.root.resourceForPath(doc.route.path).addMethod(doc.route.method, integration, {
      authorizationType: AuthorizationType.NONE,
      methodResponses: [
        { statusCode: '200', responseParameters: { 'method.response.header.Content-Type': true } },
      ],
    });
    for (const rule of ['AwsSolutions-APIG4', 'AwsSolutions-COG4']) {
      Validations.of(method).acknowledge({
        id: rule,
        reason:
          'The published API contract is public: clients generate their code from it before they have a token.',
      });
    }
  }
}

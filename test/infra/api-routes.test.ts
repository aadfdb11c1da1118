import { describe, expect, it } from 'vitest';
import { AUTHORIZER_CACHE_TTL } from '../../infra/constructs/service-api.js';
import { apiFunctions, backgroundFunctions, documentRoutes } from '../../infra/routes.js';
import { logicalIdOf, synth } from './support/synth.js';

interface MethodProps {
  HttpMethod: string;
  ResourceId: { Ref: string } | { 'Fn::GetAtt': [string, string] };
  AuthorizationType: string;
  AuthorizerId?: { Ref: string };
  Integration: { Type: string; Uri: unknown };
}

/** `METHOD /path` → the method's properties, with paths rebuilt from the resource tree. */
function methodsByRoute(): Map<string, MethodProps> {
  const { template } = synth('dev');
  const resources = template.findResources('AWS::ApiGateway::Resource') as Record<
    string,
    { Properties: { ParentId: { Ref?: string }; PathPart: string } }
  >;
  const pathOf = (id: string): string => {
    const resource = resources[id];
    if (!resource) return '';
    const parent = resource.Properties.ParentId.Ref;
    return `${parent ? pathOf(parent) : ''}/${resource.Properties.PathPart}`;
  };
  const methods = Object.values(template.findResources('AWS::ApiGateway::Method')) as {
    Properties: MethodProps;
  }[];
  return new Map(
    methods.map(({ Properties: m }) => {
      const resourceId = 'Ref' in m.ResourceId ? pathOf(m.ResourceId.Ref) : '/';
      return [`${m.HttpMethod} ${resourceId}`, m];
    }),
  );
}

describe('one Lambda function per entry of infra/routes.ts', () => {
  it('deploys exactly one Node.js 22 ARM64 function per route and per background function', () => {
    // Prepare
    const { stack, template } = synth('dev');
    const definitions = [...apiFunctions, ...Object.values(backgroundFunctions)];

    // Act
    const serviceFunctions = template.findResources('AWS::Lambda::Function', {
      Properties: { Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler' },
    });

    // Assess
    expect(Object.keys(serviceFunctions)).toHaveLength(definitions.length);
    for (const definition of definitions) {
      const fn = stack.functions.get(definition.id);
      expect(fn, definition.id).toBeDefined();
      expect(serviceFunctions[logicalIdOf(fn!)], definition.id).toBeDefined();
    }
  });

  it('gives every function the team settings: tracing, source maps, its own log group, timeout and memory', () => {
    // Prepare
    const { template } = synth('dev');

    // Act
    const functions = Object.values(
      template.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'nodejs22.x' } }),
    ) as { Properties: Record<string, unknown> }[];

    // Assess
    for (const { Properties: fn } of functions) {
      expect(fn.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Environment).toMatchObject({ Variables: { NODE_OPTIONS: '--enable-source-maps' } });
      expect(fn.LoggingConfig).toMatchObject({ LogGroup: { Ref: expect.any(String) } });
      expect(fn.Timeout).toBeGreaterThanOrEqual(10);
      expect(fn.MemorySize).toBeGreaterThanOrEqual(512);
    }
  });
});

describe('every route of infra/routes.ts is served by its function', () => {
  const methods = methodsByRoute();

  it.each(apiFunctions.map((f) => [`${f.route.method} ${f.route.path}/`, f] as const))(
    '%s exists as a Lambda proxy method of its own function',
    (_, definition) => {
      // Prepare
      const { stack } = synth('dev');
      const functionId = logicalIdOf(stack.functions.get(definition.id)!);

      // Act
      const method = methods.get(`${definition.route.method} ${definition.route.path}`);

      // Assess
      expect(method).toBeDefined();
      expect(method!.Integration.Type).toBe('AWS_PROXY');
      expect(JSON.stringify(method!.Integration.Uri)).toContain(`"${functionId}"`);
    },
  );

  it('has no method that infra/routes.ts does not list', () => {
    // Assess
    expect([...methods.keys()].sort()).toEqual(
      [...apiFunctions, ...documentRoutes].map((f) => `${f.route.method} ${f.route.path}`).sort(),
    );
  });
});

describe('every route requires the token authorizer, except the token mutation', () => {
  const methods = methodsByRoute();

  it('uses a TOKEN authorizer on the Authorization header with a 300 s result cache', () => {
    // Prepare
    const { stack, template } = synth('dev');
    const authorizerFunction = logicalIdOf(stack.functions.get(backgroundFunctions.authorizer.id)!);

    // Assess
    template.resourceCountIs('AWS::ApiGateway::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'TOKEN',
      IdentitySource: 'method.request.header.Authorization',
      AuthorizerResultTtlInSeconds: AUTHORIZER_CACHE_TTL.toSeconds(),
    });
    expect(AUTHORIZER_CACHE_TTL.toSeconds()).toBe(300);
    const [authorizer] = Object.values(template.findResources('AWS::ApiGateway::Authorizer')) as {
      Properties: { AuthorizerUri: unknown };
    }[];
    expect(JSON.stringify(authorizer!.Properties.AuthorizerUri)).toContain(`"${authorizerFunction}"`);
  });

  it.each(apiFunctions.map((f) => [`${f.route.method} ${f.route.path}/`, f] as const))(
    '%s is authorized as infra/routes.ts says',
    (_, definition) => {
      // Act
      const method = methods.get(`${definition.route.method} ${definition.route.path}`)!;

      // Assess
      if (definition.route.authorized) {
        expect(method.AuthorizationType).toBe('CUSTOM');
        expect(method.AuthorizerId).toEqual({ Ref: expect.any(String) });
      } else {
        expect(definition.id).toBe('obtain-service-token');
        expect(method.AuthorizationType).toBe('NONE');
      }
    },
  );
});

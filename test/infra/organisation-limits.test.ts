import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { allow } from '../../functions/auth/authorizer-policy.js';
import { usageIdentifierKeyOf } from '../../functions/auth/usage-identifier.js';
import { environments } from '../../infra/config/environments.js';
import { logicalIdOf, synth } from './support/synth.js';

describe('Per-organisation limits: each organisation gets its own request rate and burst (a usage plan, one API key per organisation)', () => {
  it('reads API keys from the authorizer and throttles the stage through a usage plan with the configured per-organisation rate and burst', () => {
    // Prepare
    const { stack, template } = synth('dev');
    const config = environments.dev!;
    // Assess
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { ApiKeySourceType: 'AUTHORIZER' });
    template.hasResourceProperties('AWS::ApiGateway::UsagePlan', {
      Throttle: { RateLimit: config.organisationRateLimit, BurstLimit: config.organisationBurstLimit },
      ApiStages: [Match.objectLike({ ApiId: { Ref: logicalIdOf(stack.api.api) } })],
    });
    template.hasOutput('OrganisationUsagePlanId', {
      Value: { Ref: logicalIdOf(stack.api.organisationUsagePlan) },
    });
  });

  it('requires the API key on every authorized method and on no other', () => {
    // Prepare
    const { template } = synth('dev');
    // Act
    const methods = Object.values(template.findResources('AWS::ApiGateway::Method')).map(
      (method) => method.Properties,
    );
    // Assess
    const authorized = methods.filter((method) => method.AuthorizationType === 'CUSTOM');
    expect(authorized.length).toBeGreaterThan(0);
    for (const method of authorized) expect(method.ApiKeyRequired).toBe(true);
    for (const method of methods.filter((m) => m.AuthorizationType !== 'CUSTOM')) {
      expect(method.ApiKeyRequired ?? false).toBe(false);
    }
  });

  it('the authorizer returns the organisation’s key as usageIdentifierKey: one per organisation, at least 20 characters', () => {
    // Act
    const acme = allow('arn:aws:execute-api:eu-west-2:1:api/dev/GET/x', {
      organisation: 'acme',
      suppliers: [],
    });
    const globex = allow('arn:aws:execute-api:eu-west-2:1:api/dev/GET/x', {
      organisation: 'globex',
      suppliers: [],
    });
    // Assess
    expect(acme.usageIdentifierKey).toBe(usageIdentifierKeyOf('acme'));
    expect(globex.usageIdentifierKey).not.toBe(acme.usageIdentifierKey);
    expect(acme.usageIdentifierKey?.length).toBeGreaterThanOrEqual(20);
  });
});

import { describe, expect, it } from 'vitest';
import { apiFunctions } from '../../infra/routes.js';
import { fillPath, fuzzPlans, pathParameters, routesToFuzz } from './support/route-fuzz-plans.js';

describe('Rule: every route of infra/routes.ts is fuzzed, so a new endpoint cannot be forgotten', () => {
  it('every route has a fuzz plan for its method, and no plan names a route that does not exist', () => {
    // Prepare
    const routes = apiFunctions.map((definition) => [definition.id, definition.route.method]);
    // Act
    const plans = Object.entries(fuzzPlans).map(([id, plan]) => [id, plan.method]);
    // Assess
    expect(plans.sort()).toEqual(routes.sort());
  });

  it('the fuzz suites iterate every POST and every GET route of the table', () => {
    // Act
    const fuzzed = [...routesToFuzz('POST'), ...routesToFuzz('GET')].map((route) => route.id);
    // Assess
    expect(fuzzed.sort()).toEqual(apiFunctions.map((definition) => definition.id).sort());
  });

  it('every path parameter of a GET route has existing values to mix with hostile ones', () => {
    for (const { id, path, plan } of routesToFuzz('GET')) {
      // Act
      const parameters = pathParameters(path);
      // Assess
      expect(Object.keys(plan.known).sort(), id).toEqual([...parameters].sort());
    }
  });

  it('fills every {param} of a route path and ends it with the slash clients send', () => {
    // Act
    const filled = fillPath('/v1/data-import/status/{import_supplier}/{external_account_number}', {
      import_supplier: 'ACME',
      external_account_number: '%2F',
    });
    // Assess
    expect(filled).toBe('/v1/data-import/status/ACME/%2F/');
  });
});
